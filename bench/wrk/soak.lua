-- bench/wrk/soak.lua -- the request mix of bench/soak.sh. The requests (one a line in
-- the file given after --, each "STATUS<TAB>METHOD<TAB>PATH<TAB>CONTENT-TYPE<TAB>BODY",
-- BODY with \n for newlines) are cycled through; each carries X-Request-Id: s<STATUS>-<n>,
-- which fend echoes, so response() knows the status it must be. A thread stops after
-- its share of the requests (the second argument: requests per thread) and says so by
-- creating the file <third argument>.<thread number>; wrk's main thread only ends at
-- the end of -d or on SIGINT, which bench/soak.sh sends once every thread is done.
--
-- done() prints one line:
--   soak-result {"requests":..,"unexpected":..,"errors":{"connect":..,"read":..,"write":..,"status":..,"timeout":..}}
local threads = {}
local counter = 0

function setup(thread)
   counter = counter + 1
   thread:set("tid", counter)
   threads[#threads + 1] = thread
end

function init(args)
   local f = assert(io.open(args[1], "r"))
   reqs = {}
   local n = 0
   for line in f:lines() do
      local status, method, path, ctype, body = line:match("^(%d+)\t(%u+)\t([^\t]+)\t([^\t]*)\t(.*)$")
      if status then
         n = n + 1
         local headers = { ["X-Request-Id"] = "s" .. status .. "-" .. n }
         if ctype ~= "" then headers["Content-Type"] = ctype end
         body = body:gsub("\\n", "\n")
         reqs[#reqs + 1] = wrk.format(method, path, headers, body ~= "" and body or nil)
      end
   end
   f:close()
   nreq = #reqs
   quota = tonumber(args[2])
   marker = args[3] .. "." .. tid
   idx = ((tid - 1) * 7919) % nreq
   answered, unexpected = 0, 0
   first_bad = ""
end

function request()
   idx = idx + 1
   if idx > nreq then idx = 1 end
   return reqs[idx]
end

function response(status, headers, body)
   answered = answered + 1
   local id = headers["X-Request-Id"] or ""
   local want = tonumber(id:match("^s(%d+)-"))
   if want ~= status then
      unexpected = unexpected + 1
      if first_bad == "" then first_bad = id .. " got " .. status end
   end
   if answered == quota then
      local m = io.open(marker, "w")
      if m then m:close() end
      wrk.thread:stop()
   end
end

function done(summary, latency, _)
   local bad, first = 0, ""
   for _, t in ipairs(threads) do
      bad = bad + (t:get("unexpected") or 0)
      if first == "" then first = t:get("first_bad") or "" end
   end
   local e = summary.errors
   io.write(string.format('soak-result {"requests":%d,"duration_us":%d,"unexpected":%d,"first_unexpected":"%s",' ..
      '"p99_us":%d,"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}}\n',
      summary.requests, summary.duration, bad, first, latency:percentile(99),
      e.connect, e.read, e.write, e.status, e.timeout))
end
