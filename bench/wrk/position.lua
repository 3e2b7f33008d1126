-- bench/wrk/position.lua -- GET /position?fen=<percent-encoded fens.txt line>, the same
-- positions as moves.lua asks /moves for; every answer must be 200 with "dests".
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local C = dofile(dir .. "common.lua")

C.bench{
   name = "position",
   build = function(data)
      local reqs = {}
      for _, fen in ipairs(C.read_lines(data .. "/fens.txt")) do
         if fen ~= "" then
            reqs[#reqs + 1] = wrk.format("GET", "/position?fen=" .. C.urlencode(fen))
         end
      end
      return reqs
   end,
   check = function(body) return body:find('"dests":', 1, true) ~= nil end,
}
