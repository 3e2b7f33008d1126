-- bench/wrk/floor.lua -- the libmicrohttpd floor (bench/mhd-floor.c): the very requests of
-- validate.lua, sent to a bare libmicrohttpd with fend's settings that answers each with
-- the bytes of a real /validate answer.
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local C = dofile(dir .. "common.lua")

C.bench{
   name = "floor",
   build = C.validate_requests,
   check = function(body) return body:find('"valid":true', 1, true) ~= nil end,
}
