-- bench/wrk/render.lua -- GET /render?fen=<percent-encoded fens.txt line>&format=json;
-- every answer must be 200 with a "board" member.
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local C = dofile(dir .. "common.lua")

C.bench{
   name = "render",
   build = function(data)
      local reqs = {}
      for _, fen in ipairs(C.read_lines(data .. "/fens.txt")) do
         if fen ~= "" then
            reqs[#reqs + 1] = wrk.format("GET", "/render?fen=" .. C.urlencode(fen) .. "&format=json")
         end
      end
      return reqs
   end,
   check = function(body) return body:find('"board":', 1, true) ~= nil end,
}
