-- bench/wrk/validate.lua -- POST /validate {"fen": "<line of fens.txt>"}; every answer
-- must be 200 with "valid":true (the data set holds legal positions only).
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local C = dofile(dir .. "common.lua")

C.bench{
   name = "validate",
   build = C.validate_requests,
   check = function(body) return body:find('"valid":true', 1, true) ~= nil end,
}
