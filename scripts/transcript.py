#!/usr/bin/env python3
"""Writes a realistic chat transcript for the outside-in measurements.

One message per line: epoch seconds, a tab, the sender, a tab, the text (the format of
`parley-demo --transcript` and `parley-gtk-demo --transcript`). What a group chat holds:
15 senders (some with accents or CJK in their names) writing in bursts, short replies
and long paragraphs, emoji, Japanese and Chinese, links, code words. Deterministic for a
given seed. Each message also carries one made-up word no other message has (its *tag*),
so a harness can tell from a program's output which messages it drew.

    python3 scripts/transcript.py FILE [--lines 100000] [--seed 7]
"""
import argparse, random

SENDERS = ["Alice", "Bob", "Carol", "Dave", "Eve", "Frank", "Grace", "Heidi", "Ivan",
           "Judy", "Mallory", "Zoë", "Łukasz", "Sato 佐藤", "Priya"]
ME = "You"  # the demos' own sender: these lines are drawn as sent
WORDS = ("the a to and of it is in that we for on this with you can be will just but not "
         "so have are meeting lunch build release deploy review branch fix test tomorrow "
         "today later coffee train late bridge traffic room slides budget design draft "
         "merge ticket customer server logs crash memory window screen scroll history "
         "weekend holiday dinner ticket music photo great thanks sorry maybe sure okay").split()
SHORT = ["ok", "👍", "lol", "thanks!", "on my way", "sure", "haha 😂", "yes", "no", "brb",
         "nice!", "🎉🎉", "agreed", "hmm", "same", "done ✅", "can't today", "❤️"]
EMOJI = ["😀", "😂", "🙏", "🔥", "👀", "🚀", "☕", "🍕", "😅", "🤔", "👍🏽", "🇯🇵", "👩‍💻", "✨"]
CJK = ["明日の会議は十時からです", "了解しました、ありがとう", "我们下午三点见面吧", "这个版本已经发布了",
       "東京駅で待っています", "今天的天气很好", "資料を送りました", "没问题，我来处理"]
CODE = ["`ConversationStore`", "`git rebase -i`", "`SIGWINCH`", "`make check`", "`nil`",
        "`user_version`", "`--release`", "`ls -la /var/log`"]
SITES = ["https://example.org/notes/", "https://docs.example.com/guide/", "https://git.example.net/parley/pull/",
         "https://maps.example.com/?q=", "https://www.example.co.jp/news/"]
SYLLABLES = "ka ri to mo ne su la vi po de zu ha mi ro te na bo ku se ya".split()


def tag(n):
    """A made-up word, different for every n: syllables spelling n in base 20."""
    out = []
    n += 20 ** 3
    while n:
        n, digit = divmod(n, 20)
        out.append(SYLLABLES[digit])
    return "".join(out)


def sentence(rng, low, high):
    return " ".join(rng.choice(WORDS) for _ in range(rng.randint(low, high)))


def text(rng, n):
    kind = rng.random()
    word = tag(n)
    if kind < 0.25:
        body = f"{rng.choice(SHORT)} {word}"
    elif kind < 0.55:
        body = f"{sentence(rng, 4, 14)} {word}"
    elif kind < 0.65:
        body = f"{sentence(rng, 25, 70)}, {word}. {sentence(rng, 10, 30)}"
    elif kind < 0.73:
        body = f"{rng.choice(EMOJI)} {sentence(rng, 3, 9)} {word} {rng.choice(EMOJI)}{rng.choice(EMOJI)}"
    elif kind < 0.81:
        body = f"{rng.choice(CJK)} {word} {rng.choice(CJK)}"
    elif kind < 0.90:
        body = f"{sentence(rng, 2, 8)} {rng.choice(SITES)}{word}-{rng.randint(100, 99999)}"
    else:
        body = f"{sentence(rng, 3, 10)} {rng.choice(CODE)} {word} {sentence(rng, 2, 8)}"
    return body[0].upper() + body[1:] if body[0].islower() else body


def write(path, lines, seed=7):
    """Writes `lines` messages to `path`; returns the tags, oldest first."""
    rng = random.Random(seed)
    when = 1_700_000_000
    sender = rng.choice(SENDERS)
    tags = []
    with open(path, "w", encoding="utf-8") as f:
        for n in range(lines):
            if rng.random() < 0.35:  # a new burst: someone else, after a pause
                sender = ME if rng.random() < 0.15 else rng.choice(SENDERS)
                when += rng.randint(60, 3 * 3600 if rng.random() < 0.1 else 900)
            else:
                when += rng.randint(2, 45)
            tags.append(tag(n))
            f.write(f"{when}\t{sender}\t{text(rng, n)}\n")
    return tags


def tags(lines):
    return [tag(n) for n in range(lines)]


if __name__ == "__main__":
    parser = argparse.ArgumentParser()
    parser.add_argument("file")
    parser.add_argument("--lines", type=int, default=100_000)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    write(args.file, args.lines, args.seed)
