// The game page's sounds and its tab icon. The sounds are synthesized
// with WebAudio (no audio files): a move, a capture, a dice roll and the
// end of a game, each its own. One AudioContext serves them all; it is
// created or resumed on a user's gesture, as browsers require, and a sound
// due before any gesture is skipped. The switch is remembered in
// localStorage ("norns.sound", on unless set to "off").
//
// Every sound asked for while the sound is on is recorded on the body, in
// data-sound (its kind) and data-sound-count (how many so far), also when
// the browser could not play it: the tests read them.

export type SoundKind = "move" | "capture" | "roll" | "end" | "offer";

const storageKey = "norns.sound";

/** soundOn says whether the sound is switched on (the default). */
export function soundOn(): boolean {
  return localStorage.getItem(storageKey) !== "off";
}

/** setSound switches the sound on or off and remembers it; switching it
 * on is a gesture, which lets the audio start. */
export function setSound(on: boolean): void {
  localStorage.setItem(storageKey, on ? "on" : "off");
  if (on) unlock();
}

let ac: AudioContext | null = null;
let noise: AudioBuffer | null = null;
let count = 0;

/** unlock creates or resumes the AudioContext, from a user's gesture. */
function unlock(): void {
  if (!soundOn()) return;
  try {
    if (!ac) ac = new AudioContext();
    if (ac.state === "suspended") ac.resume().catch(() => {});
  } catch {
    ac = null;
  }
}

for (const ev of ["pointerdown", "keydown"]) document.addEventListener(ev, unlock, { capture: true });

/** playSound plays a sound if the sound is on. */
export function playSound(kind: SoundKind): void {
  if (!soundOn()) return;
  document.body.dataset.sound = kind;
  document.body.dataset.soundCount = String(++count);
  // A page that had a gesture before it came here (the app navigates
  // without reloading) may start the audio now.
  const active = (navigator as Navigator & { userActivation?: { hasBeenActive: boolean } }).userActivation?.hasBeenActive;
  if (!ac && active) unlock();
  if (!ac || ac.state !== "running") return;
  try {
    synth[kind](ac, ac.currentTime + 0.01);
  } catch {
    /* no sound */
  }
}

/** env gives a gain node an attack and an exponential decay. */
function env(c: AudioContext, at: number, peak: number, attack: number, decay: number): GainNode {
  const g = c.createGain();
  g.gain.setValueAtTime(0.0001, at);
  g.gain.exponentialRampToValueAtTime(peak, at + attack);
  g.gain.exponentialRampToValueAtTime(0.0001, at + attack + decay);
  g.connect(c.destination);
  return g;
}

/** tone plays an oscillator gliding from f0 to f1 into a gain node. */
function tone(c: AudioContext, out: AudioNode, type: OscillatorType, at: number, f0: number, f1: number, dur: number): void {
  const o = c.createOscillator();
  o.type = type;
  o.frequency.setValueAtTime(f0, at);
  if (f1 !== f0) o.frequency.exponentialRampToValueAtTime(f1, at + dur);
  o.connect(out);
  o.start(at);
  o.stop(at + dur + 0.02);
}

/** burst plays white noise through a band-pass filter. */
function burst(c: AudioContext, out: AudioNode, at: number, freq: number, q: number, dur: number): void {
  if (!noise || noise.sampleRate !== c.sampleRate) {
    noise = c.createBuffer(1, Math.floor(c.sampleRate * 0.5), c.sampleRate);
    const d = noise.getChannelData(0);
    for (let i = 0; i < d.length; i++) d[i] = Math.random() * 2 - 1;
  }
  const src = c.createBufferSource();
  src.buffer = noise;
  const f = c.createBiquadFilter();
  f.type = "bandpass";
  f.frequency.value = freq;
  f.Q.value = q;
  src.connect(f).connect(out);
  src.start(at, Math.random() * 0.3);
  src.stop(at + dur);
}

const synth: Record<SoundKind, (c: AudioContext, at: number) => void> = {
  // A move: a short wooden knock, a falling tone.
  move: (c, at) => {
    tone(c, env(c, at, 0.22, 0.004, 0.09), "triangle", at, 620, 240, 0.09);
  },
  // A capture: a louder, lower knock with a crack of noise on top.
  capture: (c, at) => {
    tone(c, env(c, at, 0.3, 0.003, 0.16), "triangle", at, 380, 90, 0.16);
    burst(c, env(c, at, 0.35, 0.002, 0.06), at, 1800, 1.2, 0.07);
  },
  // A roll: dice rattling, a few short clicks of noise at uneven gaps.
  roll: (c, at) => {
    let t = at;
    for (let i = 0; i < 6; i++) {
      burst(c, env(c, t, 0.18 + Math.random() * 0.14, 0.002, 0.025), t, 2600 + Math.random() * 1800, 4, 0.035);
      t += 0.035 + Math.random() * 0.045;
    }
  },
  // An offer of the other player (a draw, a takeback, a rematch): two
  // soft notes, E5 then A5, a doorbell.
  offer: (c, at) => {
    [659.25, 880].forEach((f, i) => {
      const t = at + i * 0.12;
      tone(c, env(c, t, 0.14, 0.01, 0.22), "sine", t, f, f, 0.24);
    });
  },
  // The end: three notes rising, G4 C5 E5, the last held.
  end: (c, at) => {
    [392, 523.25, 659.25].forEach((f, i) => {
      const t = at + i * 0.14;
      tone(c, env(c, t, 0.16, 0.01, i === 2 ? 0.55 : 0.18), "sine", t, f, f, i === 2 ? 0.58 : 0.2);
    });
  },
};

/** turnIcon shows in the tab's icon whether a seat this browser holds is
 * to move: the icon with a dot (favicon-turn.svg), else the plain one. */
export function turnIcon(yours: boolean): void {
  const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
  if (!link) return;
  const href = yours ? "/favicon-turn.svg" : "/favicon.svg";
  if (link.getAttribute("href") !== href) link.setAttribute("href", href);
}
