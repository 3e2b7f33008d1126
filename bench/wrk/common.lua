-- bench/wrk/common.lua -- shared by the wrk scripts of bench/http.sh.
--
-- Each endpoint script sets up one benchmark with
--   bench{ name = "...", build = function(data_dir) return {request strings} end,
--          check = function(status, body) return true/false end }
-- and is run as
--   wrk -t2 -c64 -d10s -s bench/wrk/validate.lua http://127.0.0.1:PORT -- DATA_DIR [check]
-- DATA_DIR holds fens.txt and moves_uci.txt (default: $FEND_BENCH_DATA). With the second
-- argument "nocheck", response() is not installed and only wrk's own count of statuses
-- > 399 is available (response() makes wrk hand every header and body to Lua, which costs
-- the client some CPU; it is on by default so that any non-200 answer is counted).
--
-- All requests are built once per thread in init() (10,000 of them), and request() only
-- cycles through them; each thread starts at a different line, so consecutive requests
-- never repeat and nothing can be served from a cache.
--
-- done() prints one machine-readable line:
--   wrk-result {"name":...,"connections":...,"requests":...,"duration_us":...,"rps":...,
--               "p50_us":...,"p99_us":...,"max_us":...,"non200":...,"bad_body":...,
--               "checked":...,"errors":{"connect":..,"read":..,"write":..,"status":..,"timeout":..}}

local M = {}

function M.read_lines(path)
   local f, err = io.open(path, "r")
   if not f then error("cannot open " .. path .. ": " .. tostring(err)) end
   local lines = {}
   for line in f:lines() do
      line = line:gsub("\r$", "")
      lines[#lines + 1] = line
   end
   f:close()
   return lines
end

-- A JSON string literal: quotes, backslashes and control characters escaped (RFC 8259).
function M.json_string(s)
   return '"' .. s:gsub('[%c"\\]', function(c)
      if c == '"' then return '\\"'
      elseif c == '\\' then return '\\\\'
      elseif c == '\n' then return '\\n'
      elseif c == '\r' then return '\\r'
      elseif c == '\t' then return '\\t'
      else return string.format('\\u%04x', c:byte()) end
   end) .. '"'
end

-- Percent-encoding of everything but RFC 3986 unreserved characters (space -> %20).
function M.urlencode(s)
   return (s:gsub("[^%w%-%._~]", function(c) return string.format("%%%02X", c:byte()) end))
end

function M.data_dir(args)
   local dir = (args and args[1] and args[1] ~= "") and args[1] or os.getenv("FEND_BENCH_DATA")
   if not dir or dir == "" then error("no data directory: pass it after -- or set FEND_BENCH_DATA") end
   return dir
end

local threads = {}
local counter = 0

-- POST /validate {"fen": ...} for every line of fens.txt: the requests of validate.lua,
-- and of nginx.lua, the baseline that must cost the client the same.
function M.validate_requests(data)
   local reqs = {}
   local headers = { ["Content-Type"] = "application/json" }
   for _, fen in ipairs(M.read_lines(data .. "/fens.txt")) do
      if fen ~= "" then
         reqs[#reqs + 1] = wrk.format("POST", "/validate", headers, '{"fen":' .. M.json_string(fen) .. '}')
      end
   end
   return reqs
end

-- GET /render pictures for every line of fens.txt, each with a last move tinted (the
-- square pairs cycle, so no two consecutive requests are alike): render-svg.lua, render-png.lua.
function M.render_requests(data, format)
   local reqs = {}
   local moves = { "e2e4", "g1f3", "d7d5", "b8c6", "f1c4", "e8g8" }
   for i, fen in ipairs(M.read_lines(data .. "/fens.txt")) do
      if fen ~= "" then
         reqs[#reqs + 1] = wrk.format("GET", "/render?fen=" .. M.urlencode(fen) .. "&format=" .. format ..
                                          "&last_move=" .. moves[i % #moves + 1])
      end
   end
   return reqs
end

function M.bench(spec)
   function setup(thread)
      counter = counter + 1
      thread:set("tid", counter)
      threads[#threads + 1] = thread
   end

   function init(args)
      local reqs = spec.build(M.data_dir(args), args)
      if #reqs == 0 then error(spec.name .. ": no requests built") end
      requests_list = reqs
      nreq = #reqs
      -- Threads start far apart in the list (tid is 1-based).
      idx = ((tid - 1) * 3331) % nreq
      non200, bad_body, checked = 0, 0, 0
      if args and args[2] == "nocheck" then
         response = nil
      end
   end

   function request()
      idx = idx + 1
      if idx > nreq then idx = 1 end
      return requests_list[idx]
   end

   function response(status, headers, body)
      checked = checked + 1
      if status ~= 200 then
         non200 = non200 + 1
      elseif spec.check and not spec.check(body) then
         bad_body = bad_body + 1
      end
   end

   function done(summary, latency, _)
      local n200, nbad, nchecked, conns = 0, 0, 0, 0
      for _, t in ipairs(threads) do
         n200 = n200 + (t:get("non200") or 0)
         nbad = nbad + (t:get("bad_body") or 0)
         nchecked = nchecked + (t:get("checked") or 0)
      end
      local e = summary.errors
      local secs = summary.duration / 1e6
      io.write(string.format(
         'wrk-result {"name":%s,"threads":%d,"requests":%d,"duration_us":%d,"rps":%.1f,' ..
         '"p50_us":%d,"p99_us":%d,"max_us":%d,"non200":%d,"bad_body":%d,"checked":%d,' ..
         '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}}\n',
         M.json_string(spec.name), #threads, summary.requests, summary.duration,
         summary.requests / secs, latency:percentile(50), latency:percentile(99), latency.max,
         n200, nbad, nchecked, e.connect, e.read, e.write, e.status, e.timeout))
   end
end

return M
