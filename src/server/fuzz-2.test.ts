import { describeFuzz } from "./testing/fuzz-walk";

// The fuzz walk (testing/fuzz-walk.ts), part 2 of 2: the parts run side by side.
describeFuzz(1, 2);
