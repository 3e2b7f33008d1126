-- bench/wrk/nginx.lua -- the baseline: the very requests of validate.lua (POST /validate
-- with the same bodies, so the client does the same work), sent to an nginx whose only
-- location returns the fixed body {"status":"ok"} with 200.
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local C = dofile(dir .. "common.lua")

C.bench{
   name = "nginx",
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
   check = function(body) return body == '{"status":"ok"}' end,
}
