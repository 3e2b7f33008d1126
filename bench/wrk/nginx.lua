-- bench/wrk/nginx.lua -- the baseline: the very requests of validate.lua (POST /validate
-- with the same bodies, so the client does the same work), sent to an nginx whose only
-- location returns the fixed body {"status":"ok"} with 200.
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local C = dofile(dir .. "common.lua")

C.bench{
   name = "nginx",
   build = C.validate_requests,
   check = function(body) return body == '{"status":"ok"}' end,
}
