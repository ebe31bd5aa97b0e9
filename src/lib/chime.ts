/**
 * SPEC 4's sound for a new message: a short two-note chime made with the Web Audio API (no audio file to load).
 * Browsers refuse audio before the first user gesture; that refusal is silent, the notification still shows.
 */
let context: AudioContext | null = null;

export function playChime(): void {
  try {
    const Ctx = globalThis.AudioContext;
    if (!Ctx) return;
    context ??= new Ctx();
    const ctx = context;
    if (ctx.state === "suspended") void ctx.resume().catch(() => undefined);
    const start = ctx.currentTime;
    [880, 1320].forEach((frequency, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "sine";
      osc.frequency.value = frequency;
      const at = start + i * 0.12;
      gain.gain.setValueAtTime(0.0001, at);
      gain.gain.exponentialRampToValueAtTime(0.15, at + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, at + 0.25);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + 0.3);
    });
  } catch {
    // No audio device or not allowed yet: the bell and the list still tell.
  }
}
