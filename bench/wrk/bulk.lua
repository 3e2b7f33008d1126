-- bench/wrk/bulk.lua -- bulk validation: POST /validate with all of fens.txt as one NDJSON
-- body (a JSON string per line), again and again on each connection. Run as
--   wrk -t2 -c2 -s bench/wrk/bulk.lua URL -- DATA_DIR check ANSWER_BYTES
-- where ANSWER_BYTES is the size of the answer (bench/http.sh probes it once with curl and
-- checks every line of it): every answer must have that size, so a short, cut or
-- different answer counts as a bad body. wrk rather than a loop of curl processes, so
-- that the client side costs what it costs for the single requests (wrk too), not a
-- process start per body.
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local C = dofile(dir .. "common.lua")

local expected = nil

C.bench{
   name = "bulk",
   build = function(data, args)
      local lines = {}
      for _, fen in ipairs(C.read_lines(data .. "/fens.txt")) do
         if fen ~= "" then lines[#lines + 1] = C.json_string(fen) .. "\n" end
      end
      expected = tonumber(args and args[3] or "")
      return { wrk.format("POST", "/validate", { ["Content-Type"] = "application/x-ndjson" }, table.concat(lines)) }
   end,
   check = function(body) return expected == nil or #body == expected end,
}
