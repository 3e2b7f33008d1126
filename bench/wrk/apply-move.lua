-- bench/wrk/apply-move.lua -- POST /apply-move {"fen": "<fens.txt line>", "move":
-- "<moves_uci.txt line>"}; pairs whose move is "none" (no legal move) are skipped.
-- Every answer must be 200 with a "fen" member.
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local C = dofile(dir .. "common.lua")

C.bench{
   name = "apply-move",
   build = function(data)
      local fens = C.read_lines(data .. "/fens.txt")
      local moves = C.read_lines(data .. "/moves_uci.txt")
      if #fens ~= #moves then
         error(string.format("fens.txt has %d lines but moves_uci.txt %d", #fens, #moves))
      end
      local reqs = {}
      local headers = { ["Content-Type"] = "application/json" }
      for i, fen in ipairs(fens) do
         local mv = moves[i]
         if fen ~= "" and mv ~= "" and mv ~= "none" then
            reqs[#reqs + 1] = wrk.format("POST", "/apply-move", headers,
               '{"fen":' .. C.json_string(fen) .. ',"move":' .. C.json_string(mv) .. '}')
         end
      end
      return reqs
   end,
   check = function(body) return body:find('"fen":', 1, true) ~= nil end,
}
