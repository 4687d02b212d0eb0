import { describeFuzz } from "./testing/fuzz-walk";

// The fuzz walk (testing/fuzz-walk.ts), part 1 of 2: the parts run side by side.
describeFuzz(0, 2);
