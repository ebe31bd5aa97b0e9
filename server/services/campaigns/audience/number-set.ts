// The set of numbers an ingest has already taken (its duplicate check). An audience may hold a million numbers or
// more; a Set of E.164 strings costs about 60 bytes a number in V8, this about 16 (open addressing over a
// Float64Array, half full at most). An E.164 number is at most 15 digits, so its digits are an exact double
// (below 2^53), and never 0, which marks an empty slot.

const EMPTY = 0;

export class E164Set {
  private slots = new Float64Array(1 << 12);
  private count = 0;

  get size(): number {
    return this.count;
  }

  /** Adds `e164` ("+" and up to 15 digits); answers false when it was already there. */
  add(e164: string): boolean {
    if (this.count * 2 >= this.slots.length) this.grow();
    const added = insert(this.slots, keyOf(e164));
    if (added) this.count++;
    return added;
  }

  has(e164: string): boolean {
    const key = keyOf(e164);
    const mask = this.slots.length - 1;
    for (let i = hash(key) & mask; ; i = (i + 1) & mask) {
      const slot = this.slots[i];
      if (slot === key) return true;
      if (slot === EMPTY) return false;
    }
  }

  private grow(): void {
    const old = this.slots;
    this.slots = new Float64Array(old.length * 2);
    for (const key of old) if (key !== EMPTY) insert(this.slots, key);
  }
}

function keyOf(e164: string): number {
  const key = Number(e164.slice(1));
  if (!Number.isSafeInteger(key) || key <= 0) throw new Error(`not an E.164 number: ${e164}`);
  return key;
}

/** Mixes the low and high bits (numbers of one list share their leading digits and often run in sequence). */
function hash(key: number): number {
  const low = key % 0x100000000;
  const high = Math.floor(key / 0x100000000);
  const h = Math.imul(low ^ Math.imul(high, 0x9e3779b1), 0x85ebca6b);
  return (h ^ (h >>> 15)) >>> 0;
}

function insert(slots: Float64Array, key: number): boolean {
  const mask = slots.length - 1;
  for (let i = hash(key) & mask; ; i = (i + 1) & mask) {
    const slot = slots[i];
    if (slot === key) return false;
    if (slot === EMPTY) {
      slots[i] = key;
      return true;
    }
  }
}
