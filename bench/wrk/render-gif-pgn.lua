-- bench/wrk/render-gif-pgn.lua -- POST /render/game.gif with the PGN file as the body
-- ($FEND_BENCH_GAME_PGN, set by bench/render.sh: the same 100-ply game as render-gif.lua,
-- with a [%cal] arrow and a [%csl] circle in a comment after every ply), again and again;
-- every answer must be a GIF.
local dir = debug.getinfo(1, "S").source:match("^@(.*/)") or "./"
local C = dofile(dir .. "common.lua")

C.bench{
   name = "render-gif-pgn",
   build = function(_)
      local pgn = os.getenv("FEND_BENCH_GAME_PGN")
      if not pgn or pgn == "" then error("FEND_BENCH_GAME_PGN is not set") end
      return { wrk.format("POST", "/render/game.gif?delay=500", { ["Content-Type"] = "application/x-chess-pgn" }, pgn) }
   end,
   check = function(body) return body:sub(1, 6) == "GIF89a" end,
}
