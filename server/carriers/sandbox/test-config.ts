// A sandbox configuration for tests: the defaults of an empty environment with a fixed seed, overridable per test.
import type { SandboxConfig } from "./config";
import { sandboxConfigFromEnv } from "./config";
import type { SandboxMessageConfig } from "./message-config";

export function testSandboxConfig(seed = "test-seed", messages: Partial<SandboxMessageConfig> = {}): SandboxConfig {
  const base = sandboxConfigFromEnv({});
  return { ...base, seed, messages: { ...base.messages, ...messages } };
}
