-- bench/wrk/moves.lua -- GET /moves?fen=<percent-encoded fens.txt line>; every answer must
-- be 200 with a "moves" member.
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local C = dofile(dir .. "common.lua")

C.bench{
   name = "moves",
   build = function(data)
      local reqs = {}
      for _, fen in ipairs(C.read_lines(data .. "/fens.txt")) do
         if fen ~= "" then
            reqs[#reqs + 1] = wrk.format("GET", "/moves?fen=" .. C.urlencode(fen))
         end
      end
      return reqs
   end,
   check = function(body) return body:find('"moves":', 1, true) ~= nil end,
}
