"""Write the game's sound effects to assets/sounds/, synthesised from nothing but arithmetic.

    python packaging/make_sounds.py [--out DIR]

Every sound is built from sine tones, seeded noise, envelopes and one-pole filters, and written
as a small mono 16-bit WAV at 22,050 Hz. Each sound has its own fixed seed, so running the script
again writes the same bytes: the files in the repository are exactly what this script makes.
"""

from __future__ import annotations

import argparse
import math
import random
import wave
import zlib
from collections.abc import Callable
from pathlib import Path

RATE = 22050
OUT = Path(__file__).resolve().parent.parent / "assets" / "sounds"

Samples = list[float]


# --- building blocks ------------------------------------------------------------------------

def silence(seconds: float) -> Samples:
    return [0.0] * int(seconds * RATE)


def tone(freq: float | Callable[[float], float], seconds: float, harmonics: tuple = (1.0,),
         phase: float = 0.0) -> Samples:
    """A tone whose frequency may glide (a function of time); `harmonics` are the amplitudes
    of the 1st, 2nd, 3rd... partials."""
    out = []
    n = int(seconds * RATE)
    glide = callable(freq)
    for i in range(n):
        t = i / RATE
        f = freq(t) if glide else freq  # type: ignore[operator]
        phase += math.tau * f / RATE
        out.append(sum(a * math.sin(phase * (k + 1)) for k, a in enumerate(harmonics)))
    return out


def noise(seconds: float, rnd: random.Random) -> Samples:
    return [rnd.uniform(-1.0, 1.0) for _ in range(int(seconds * RATE))]


def lowpass(x: Samples, cutoff: float | Callable[[float], float]) -> Samples:
    """A one-pole low-pass filter; the cutoff (Hz) may change over time."""
    y, out = 0.0, []
    moving = callable(cutoff)
    a = 1 - math.exp(-math.tau * cutoff / RATE) if not moving else 0.0  # type: ignore[operator]
    for i, v in enumerate(x):
        if moving:
            a = 1 - math.exp(-math.tau * cutoff(i / RATE) / RATE)  # type: ignore[operator]
        y += a * (v - y)
        out.append(y)
    return out


def highpass(x: Samples, cutoff: float) -> Samples:
    return [v - lo for v, lo in zip(x, lowpass(x, cutoff), strict=True)]


def bandpass(x: Samples, low: float, high: float) -> Samples:
    return highpass(lowpass(x, high), low)


def envelope(x: Samples, attack: float, decay: float, curve: float = 4.0) -> Samples:
    """A quick rise over `attack` seconds, then an exponential fall lasting `decay` seconds."""
    out = []
    for i, v in enumerate(x):
        t = i / RATE
        if t < attack:
            g = t / attack
        else:
            g = math.exp(-curve * (t - attack) / decay) if decay > 0 else 0.0
        out.append(v * g)
    return out


def swell(x: Samples, rise: float, fall: float) -> Samples:
    """A slow rise and fall (a raised-cosine hump) over the whole sound."""
    n = len(x)
    out = []
    for i, v in enumerate(x):
        t = i / RATE
        total = n / RATE
        g = 1.0
        if t < rise:
            g = 0.5 - 0.5 * math.cos(math.pi * t / rise)
        elif t > total - fall:
            g = 0.5 - 0.5 * math.cos(math.pi * (total - t) / fall)
        out.append(v * g)
    return out


def mix(*parts: tuple[float, float, Samples]) -> Samples:
    """Sum (start seconds, gain, samples) parts into one sound."""
    length = max(int(start * RATE) + len(s) for start, _, s in parts)
    out = [0.0] * length
    for start, gain, s in parts:
        offset = int(start * RATE)
        for i, v in enumerate(s):
            out[offset + i] += gain * v
    return out


def pluck(freq: float, seconds: float, bright: float = 0.5) -> Samples:
    """A wooden, marimba-like note: a few partials, the upper ones dying first."""
    upper = tone(freq * 4.0, seconds, (1.0,))
    body = tone(freq, seconds, (1.0, 0.25 * bright, 0.1 * bright))
    attack = 0.003 * RATE  # a 3 ms rise: a mallet, not a click
    return [min(1.0, i / attack) * (b * math.exp(-5.0 * i / RATE / seconds) + 0.3 * bright * u
                                     * math.exp(-40.0 * i / RATE))
            for i, (b, u) in enumerate(zip(body, upper, strict=True))]


def note(name: str) -> float:
    """'C5', 'G4', 'A#4' to hertz (A4 = 440)."""
    names = ["C", "C#", "D", "D#", "E", "F", "F#", "G", "G#", "A", "A#", "B"]
    pitch, octave = name[:-1], int(name[-1])
    return 440.0 * 2 ** ((names.index(pitch) - 9 + 12 * (octave - 4)) / 12)


def finish(x: Samples, peak: float = 0.8) -> Samples:
    """Normalise to `peak` and fade the last 5 ms so the sound never ends in a click."""
    top = max((abs(v) for v in x), default=0.0) or 1.0
    fade = min(len(x), int(0.005 * RATE))
    out = [v * peak / top for v in x]
    for i in range(fade):
        out[len(out) - 1 - i] *= i / fade
    return out


# --- the sounds -----------------------------------------------------------------------------

def pickup(rnd: random.Random) -> Samples:
    """Lifting an Ichto: a short rising bloop."""
    body = envelope(tone(lambda t: 330 + 2600 * t, 0.12, (1.0, 0.2)), 0.01, 0.1)
    tap = envelope(bandpass(noise(0.03, rnd), 1500, 5000), 0.001, 0.02)
    return finish(mix((0, 1.0, body), (0, 0.25, tap)), 0.55)


def drop(rnd: random.Random) -> Samples:
    """Setting an Ichto down: a soft, falling thud."""
    body = envelope(tone(lambda t: 420 - 1500 * t, 0.14, (1.0, 0.3)), 0.004, 0.12)
    tap = envelope(lowpass(noise(0.05, rnd), 1800), 0.001, 0.04)
    return finish(mix((0, 1.0, body), (0, 0.5, tap)), 0.55)


def land(rnd: random.Random) -> Samples:
    """Ichtos crawl out onto the beach: a wet slap on sand and a little trickle."""
    slap = envelope(lowpass(noise(0.12, rnd), 1400), 0.002, 0.08)
    thump = envelope(tone(lambda t: 150 - 300 * t, 0.16), 0.003, 0.14)
    trickle = envelope(bandpass(noise(0.25, rnd), 2500, 6000), 0.03, 0.2, 3.0)
    return finish(mix((0, 1.0, slap), (0, 0.8, thump), (0.05, 0.18, trickle)), 0.6)


def splash(rnd: random.Random) -> Samples:
    """Ichtos swim off: a splash that opens up and settles."""
    wash = envelope(lowpass(noise(0.42, rnd), lambda t: 4000 * math.exp(-6 * t) + 400),
                    0.02, 0.38, 3.5)
    blub = envelope(tone(lambda t: 260 + 500 * t, 0.1), 0.005, 0.08)
    return finish(mix((0, 1.0, wash), (0.02, 0.35, blub)), 0.5)


def proliferate(rnd: random.Random) -> Samples:
    """New Ichtos hatch: a run of rising bubble pops."""
    parts = []
    for k in range(6):
        f0 = 380 + 90 * k + rnd.uniform(-30, 30)
        pop = envelope(tone(lambda t, f0=f0: f0 + 4000 * t, 0.06, (1.0, 0.15)), 0.003, 0.05)
        parts.append((0.065 * k + rnd.uniform(0, 0.015), 1.0 - 0.08 * k, pop))
    return finish(mix(*parts), 0.55)


def score(rnd: random.Random) -> Samples:
    """A region is scored: a two-note wooden chime."""
    return finish(mix((0, 1.0, pluck(note("C5"), 0.45)), (0.12, 0.9, pluck(note("G5"), 0.5))),
                  0.6)


def hop(rnd: random.Random) -> Samples:
    """A score marker hops one space: a light wooden tick."""
    tick = envelope(tone(1250, 0.05, (1.0, 0.3)), 0.001, 0.035)
    knock = envelope(bandpass(noise(0.03, rnd), 800, 3000), 0.001, 0.015)
    return finish(mix((0, 1.0, tick), (0, 0.4, knock)), 0.4)


def panic(rnd: random.Random) -> Samples:
    """Panic: a flurry of scurrying feet and falling alarm whistles."""
    feet = []
    for k in range(14):
        step = envelope(bandpass(noise(0.035, rnd), 600, 2600), 0.001, 0.03)
        feet.append((0.045 * k + rnd.uniform(0, 0.01), 0.7 + 0.3 * rnd.random(), step))
    whistle = envelope(tone(lambda t: 1400 - 900 * t, 0.55, (1.0, 0.2)), 0.02, 0.5, 2.5)
    whistle2 = envelope(tone(lambda t: 1700 - 1000 * t, 0.45, (1.0, 0.2)), 0.02, 0.4, 2.5)
    return finish(mix(*feet, (0.0, 0.35, whistle), (0.18, 0.3, whistle2)), 0.6)


def eruption(rnd: random.Random) -> Samples:
    """A volcano erupts: a deep swelling rumble with a burst and crackling rock."""
    rumble = swell(lowpass(lowpass(noise(1.8, rnd), 180), 120), 0.25, 1.2)
    boom = envelope(tone(lambda t: 70 - 20 * t, 0.9, (1.0, 0.5, 0.25)), 0.01, 0.8, 3.0)
    crackle = []
    for _ in range(26):
        c = envelope(highpass(noise(0.02, rnd), 1500), 0.0005, 0.012)
        crackle.append((rnd.uniform(0.1, 1.5), rnd.uniform(0.2, 0.6), c))
    return finish(mix((0, 3.0, rumble), (0.05, 0.9, boom), *crackle), 0.75)


def reveal(rnd: random.Random) -> Samples:
    """Bids or a chip revealed: a quick flip and a bright ping."""
    flip = envelope(bandpass(noise(0.1, rnd), 1200, 7000), 0.03, 0.06, 3.0)
    ping = envelope(tone(note("E6"), 0.4, (1.0, 0.0, 0.15)), 0.002, 0.38)
    return finish(mix((0, 0.6, flip), (0.07, 1.0, ping)), 0.5)


def gene(rnd: random.Random) -> Samples:
    """A gene bought: a rising sparkle of three notes."""
    parts = [(0.09 * k, 1.0, pluck(note(n), 0.4, 1.0)) for k, n in enumerate(("E5", "G#5", "B5"))]
    shimmer = envelope(bandpass(noise(0.5, rnd), 5000, 9000), 0.15, 0.35, 3.0)
    return finish(mix(*parts, (0.1, 0.06, shimmer)), 0.55)


def game_end(rnd: random.Random) -> Samples:
    """The game ends: a short, warm fanfare rising to a held chord."""
    run = [(0.13 * k, 0.9, pluck(note(n), 0.5)) for k, n in enumerate(("C4", "E4", "G4"))]
    chord = [(0.42, 0.8, pluck(note(n), 1.3, 0.8)) for n in ("C5", "E5", "G5", "C4")]
    return finish(mix(*run, *chord), 0.7)


def sea(rnd: random.Random) -> Samples:
    """The ambient sea: slow swells of soft surf, eight seconds that loop without a seam."""
    seconds, overlap = 8.0, 1.0
    raw = lowpass(noise(seconds + overlap, rnd), 900)
    shaped = []
    for i, v in enumerate(raw):
        t = i / RATE
        g = 0.35 + 0.65 * (0.5 + 0.5 * math.sin(math.tau * t / 4.0 - 1.2)) ** 2
        shaped.append(v * g)
    shaped = lowpass(shaped, 600)
    n, k = int(seconds * RATE), int(overlap * RATE)
    loop = shaped[:n]
    for i in range(k):  # the tail fades into the head: the end flows into the beginning
        w = i / k
        loop[i] = loop[i] * w + shaped[n + i] * (1 - w)
    top = max(abs(v) for v in loop) or 1.0
    return [v * 0.35 / top for v in loop]


SOUNDS: dict[str, Callable[[random.Random], Samples]] = {
    "pickup": pickup, "drop": drop, "land": land, "splash": splash,
    "proliferate": proliferate, "score": score, "hop": hop, "panic": panic,
    "eruption": eruption, "reveal": reveal, "gene": gene, "game_end": game_end, "sea": sea,
}


def write_wav(path: Path, samples: Samples) -> None:
    frames = bytearray()
    for v in samples:
        frames += round(max(-1.0, min(1.0, v)) * 32767).to_bytes(2, "little", signed=True)
    with wave.open(str(path), "wb") as f:
        f.setnchannels(1)
        f.setsampwidth(2)
        f.setframerate(RATE)
        f.writeframes(bytes(frames))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder to write into")
    args = parser.parse_args(argv)
    args.out.mkdir(parents=True, exist_ok=True)
    for name, make in SOUNDS.items():
        write_wav(args.out / f"{name}.wav", make(random.Random(zlib.crc32(name.encode()))))
    total = sum((args.out / f"{n}.wav").stat().st_size for n in SOUNDS)
    print(f"wrote {len(SOUNDS)} sounds to {args.out.name}/ ({total / 1024:.0f} KiB)")


if __name__ == "__main__":
    main()
