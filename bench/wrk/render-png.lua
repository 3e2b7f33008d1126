-- bench/wrk/render-png.lua -- GET /render?fen=<percent-encoded fens.txt line>&format=png&last_move=...
-- (360 px); every answer must be 200 with a PNG.
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local C = dofile(dir .. "common.lua")

C.bench{
   name = "render-png",
   build = function(data) return C.render_requests(data, "png") end,
   check = function(body) return body:sub(1, 8) == "\137PNG\r\n\26\n" end,
}
