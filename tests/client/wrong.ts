// wrong.ts -- calls the generated client gets wrong, each of which tsc --strict must refuse:
// tests/client-ts.mjs expects exactly the error named after "fails:" on each marked line and
// no other, so that the types the contract yields are shown to catch mistakes.
import createClient from "openapi-fetch";
import type { paths } from "./fend-api.js";

const fend = createClient<paths>({ baseUrl: "http://127.0.0.1:1" });

export async function mistakes(): Promise<void> {
  await fend.POST("/validate", { body: { fenn: "8/8/8/8/8/8/8/K6k w - - 0 1" } }); // fails: TS2561
  await fend.GET("/validate", { params: { query: {} } }); // fails: TS2741
  await fend.POST("/apply-move", { body: { fen: "x", move: 42 } }); // fails: TS2322
  await fend.POST("/apply-move", { body: { fen: "x", moves: "e4" } }); // fails: TS2322
  await fend.GET("/render", { params: { query: { fen: "x", format: "jpeg" } } }); // fails: TS2322
  await fend.POST("/moves", { body: { fen: "x", lang: "xx" } }); // fails: TS2322
  const { data } = await fend.GET("/validate", { params: { query: { fen: "x" } } });
  if (data) console.log(data.fields.turn); // fails: TS18047
  if (data) console.log(data.legal); // fails: TS2339
  await fend.GET("/nowhere"); // fails: TS2554
}
