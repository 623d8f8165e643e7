/**
 * What a scanner operator hears and feels, without looking at the screen: a short high beep and
 * one buzz for a received parcel, a low double beep and a long buzz pattern for a refusal, a soft
 * tick for a scan kept for later (offline). Sounds are made with a WebAudio oscillator (no audio
 * files to load or cache); browsers without WebAudio or vibration simply stay silent or still.
 */
export type Feedback = 'success' | 'error' | 'queued';

interface Tone {
  frequency: number;
  type: OscillatorType;
  /** Seconds of each beep. */
  length: number;
  /** How many beeps, a gap of one length between them. */
  beeps: number;
}

const TONES: Record<Feedback, Tone> = {
  success: { frequency: 1320, type: 'sine', length: 0.12, beeps: 1 },
  error: { frequency: 220, type: 'square', length: 0.18, beeps: 2 },
  queued: { frequency: 660, type: 'sine', length: 0.06, beeps: 1 },
};

const VIBRATIONS: Record<Feedback, number | number[]> = {
  success: 80,
  error: [200, 80, 200],
  queued: 30,
};

type AudioContextClass = typeof AudioContext;
let context: AudioContext | undefined;

function audio(): AudioContext | undefined {
  if (context) return context;
  const scope = globalThis as typeof globalThis & { webkitAudioContext?: AudioContextClass };
  const Context = scope.AudioContext ?? scope.webkitAudioContext;
  if (!Context) return undefined;
  try {
    context = new Context();
  } catch {
    return undefined;
  }
  return context;
}

function beep(tone: Tone): void {
  const ctx = audio();
  if (!ctx) return;
  // A context made before any tap starts suspended; the scan's key press or tap resumes it.
  if (ctx.state === 'suspended') void ctx.resume().catch(() => undefined);
  const start = ctx.currentTime;
  for (let index = 0; index < tone.beeps; index += 1) {
    const at = start + index * tone.length * 2;
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = tone.type;
    oscillator.frequency.setValueAtTime(tone.frequency, at);
    // A quick fade in and out: no click at either end.
    gain.gain.setValueAtTime(0.0001, at);
    gain.gain.exponentialRampToValueAtTime(0.25, at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, at + tone.length);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(at);
    oscillator.stop(at + tone.length + 0.02);
  }
}

/** Beeps and buzzes for `kind` where the device can; never throws. */
export function signal(kind: Feedback): void {
  try {
    beep(TONES[kind]);
  } catch {
    // No sound: the screen still says it.
  }
  try {
    if (typeof navigator !== 'undefined' && typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATIONS[kind]);
  } catch {
    // No vibration motor, or not allowed now.
  }
}
