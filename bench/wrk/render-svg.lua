-- bench/wrk/render-svg.lua -- GET /render?fen=<percent-encoded fens.txt line>&format=svg&last_move=...;
-- every answer must be 200 with an SVG board.
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local C = dofile(dir .. "common.lua")

C.bench{
   name = "render-svg",
   build = function(data) return C.render_requests(data, "svg") end,
   check = function(body) return body:sub(1, 5) == "<svg " and body:find("</svg>", 1, true) ~= nil end,
}
