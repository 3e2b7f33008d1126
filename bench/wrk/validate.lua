-- bench/wrk/validate.lua -- POST /validate {"fen": "<line of fens.txt>"}; every answer
-- must be 200 with "valid":true (the data set holds legal positions only).
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local C = dofile(dir .. "common.lua")

C.bench{
   name = "validate",
   build = function(data)
      local reqs = {}
      local headers = { ["Content-Type"] = "application/json" }
      for _, fen in ipairs(C.read_lines(data .. "/fens.txt")) do
         if fen ~= "" then
            reqs[#reqs + 1] = wrk.format("POST", "/validate", headers,
                                         '{"fen":' .. C.json_string(fen) .. '}')
         end
      end
      return reqs
   end,
   check = function(body) return body:find('"valid":true', 1, true) ~= nil end,
}
