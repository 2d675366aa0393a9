// No ".js" in imports under src/testing: see ../../start-mock-server.ts.
import type { FakeState } from "../server-types";
import { COLLECTIONS } from "./collections";
import type { FakeStore } from "./fake-store";

/** The model's read-only copies behind `FakeServer.state`: one per collection that has one, made anew at each read, so a test cannot change the model through them. */
export function copyState(store: FakeStore): FakeState {
  const state: Record<string, unknown> = {};
  for (const { state: copy } of COLLECTIONS) if (copy) state[copy.name] = copy.copy(store);
  state.size = store.size();
  return state as unknown as FakeState;
}
