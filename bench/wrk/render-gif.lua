-- bench/wrk/render-gif.lua -- GET /render/game.gif?moves=<$FEND_BENCH_GAME_MOVES> again and
-- again (bench/render.sh sets the moves: a 100-ply game); every answer must be a GIF.
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local C = dofile(dir .. "common.lua")

C.bench{
   name = "render-gif",
   build = function(_)
      local moves = os.getenv("FEND_BENCH_GAME_MOVES")
      if not moves or moves == "" then error("FEND_BENCH_GAME_MOVES is not set") end
      return { wrk.format("GET", "/render/game.gif?delay=500&moves=" .. C.urlencode(moves)) }
   end,
   check = function(body) return body:sub(1, 6) == "GIF89a" end,
}
