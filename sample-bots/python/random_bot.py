#!/usr/bin/env python3
"""A random bot for Pyramid Arena speaking the wire protocol (docs/protocol.md), standard library only.

It plays every game: on each turn it picks one of the legal moves it is given, with a generator
seeded from the match's seed, so the same match seed gives the same moves.

Run it with:  ./arena.sh match --game pylon --bot "cmd:python3 sample-bots/python/random_bot.py" --bot random
"""
import json
import random
import sys

PROTOCOL = 1


def send(message):
    sys.stdout.write(json.dumps(message, separators=(",", ":")) + "\n")
    sys.stdout.flush()


def main():
    rng = random.Random(0)
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message.get("type")
        if kind == "hello":
            send({"type": "hello", "protocol": PROTOCOL, "name": "random-py", "games": ["*"]})
        elif kind == "new_match":
            rng = random.Random(message["seed"])
        elif kind == "your_turn":
            # message["view"] holds what this seat may see; a random bot needs only the legal moves.
            send({"type": "move", "move": rng.choice(message["legal"])})
        elif kind == "quit":
            return
        # "event" and "match_over" need no answer.


if __name__ == "__main__":
    main()
