#!/usr/bin/env python3
"""Generate a feed of realistic identity-protection alerts for AlertKit's tests and benchmarks.

Every record is one alert of the input contract (Sources/AlertModel/Resources/alert.schema.json,
docs/input.md): an "id" such as "4930123:456", a "type" (1 CyberAgent, 2 SSNTrace, 3 SocialMedia) and
1 to 4 "events", each with a calendar "date" and its "data". All three types and all 13 CyberAgent match
types occur, with the optional members sometimes present and sometimes not; names, places and posts
hold non-ASCII letters, apostrophes and emoji. Card numbers pass the Luhn check, IBANs their mod-97
check, routing numbers their ABA check. Every id is unique within its feed.

With --invalid-rate R, about that share of the records each break the contract in exactly one way and
carry "_invalid": "<reason>", one of:

  missing id, empty id, type out of range, type is a string, events empty, events not an array,
  date not a calendar date, date wrong format, data missing, data not an object,
  value key missing (type 1), name missing (type 2), account missing (type 3)

The reasons are drawn evenly, so a few hundred invalid records hold all of them.

With --tail-rate R, about that share of the (valid) records come from the long tail, where channels hit their
receivers' limits; the tail's records take these shapes in turn, each with its sizes in turn, so that
--tail-rate 1 --count 24 holds every one:

  events    an alert of 43, 50, 51, 100, 500 or 1,000 events (Slack's 50 blocks, Teams' 28,000 bytes, and
            the contract's 1,000 events)
  post      a social post of 2,900, 3,000, 3,001, 10,000 or 65,536 bytes (Slack's 3,000-character section,
            and the contract's 64 KiB string)
  longest   one event of each of the 13 match types, every string of its data as long as the alert's
            1 MiB allows (at most 64 KiB)
  limit     1,000 events whose strings are lengthened until the record is exactly 1 MiB (1,048,576 bytes)

The output depends on nothing but the options: the same options (the same --seed) give the same bytes,
on any machine with Python 3. It is UTF-8, one compact JSON object a line (key order: id, type, events; in an
event: date, data), or with --format array a JSON array with one record a line between "[" and "]".

examples:
  python3 scripts/gen-feed.py --count 100000 --seed 1 > feed.ndjson
  python3 scripts/gen-feed.py --count 50 --format array --output feed.json
  python3 scripts/gen-feed.py --count 4000 --invalid-rate 0.05 --seed 11 | alertkit batch - --ndjson
  python3 scripts/gen-feed.py --count 24 --tail-rate 1 --output tail.ndjson   # every shape of the long tail
  python3 scripts/gen-feed.py --count 10000000 --output /dev/shm/feed-10m.ndjson   # a few minutes
"""

import argparse
import datetime
import json
import os
import random
import sys
import tempfile
import unicodedata

# --- Vocabulary ---------------------------------------------------------------------------------------------

FIRST_NAMES = [
    "Ana", "José", "Mei", "Oluwaseun", "Zoë", "Liam", "Priya", "Søren", "Fatima", "Kenji", "Matt", "Élodie",
    "Siobhán", "Björn", "Chloé", "Łukasz", "Aisha", "Carlos", "Renée", "Jürgen", "Ngozi", "François", "Maëlle",
    "Çağla", "Ólafur", "Inês", "Rafael", "Sarah", "David", "Emily", "Michael", "Wei", "Hiroshi", "Aoife",
    "Tomás", "Dmitri", "Anaïs", "Noémie", "Jamal", "Grace", "Thảo", "Zoltán", "Mikaela", "D'Andre", "Brian",
    "Jessica", "Kevin", "Maria", "Luis", "Yasmin",
]
LAST_NAMES = [
    "García", "Nguyen", "Okafor", "Müller", "Smith", "Kowalski", "Tanaka", "O'Brien", "Haddad", "Johansson",
    "D'Angelo", "Núñez", "Brontë", "Ødegaard", "Çelik", "Fernández", "MacLeod", "Van der Berg", "De la Cruz",
    "Al-Masri", "Smith-Jones", "Schröder", "Dvořák", "Papadopoulos", "Kim", "Patel", "O'Connor", "N'Diaye",
    "Lefèvre", "Wiśniewska", "Johnson", "Williams", "Brown", "Rodríguez", "Hernández", "López", "Chen",
    "Nakamura", "Gonçalves", "Jørgensen", "Sánchez", "Ivanova", "Yılmaz", "Ó Súilleabháin", "Thompson",
]
MIDDLE_INITIALS = "ABCDEFGHJKLMNPRSTW"

# US places: (city, state, first three digits of its ZIP codes).
PLACES = [
    ("San José", "CA", "951"), ("Los Angeles", "CA", "900"), ("La Cañada Flintridge", "CA", "910"),
    ("Cañon City", "CO", "812"), ("Española", "NM", "875"), ("Coeur d'Alene", "ID", "838"),
    ("O'Fallon", "MO", "633"), ("Springfield", "IL", "627"), ("Chicago", "IL", "606"), ("Austin", "TX", "787"),
    ("El Paso", "TX", "799"), ("Brooklyn", "NY", "112"), ("New York", "NY", "100"), ("Miami", "FL", "331"),
    ("Seattle", "WA", "981"), ("Boston", "MA", "021"), ("Atlanta", "GA", "303"), ("Honolulu", "HI", "968"),
    ("Anchorage", "AK", "995"), ("Des Moines", "IA", "503"), ("Newark", "NJ", "071"), ("Detroit", "MI", "482"),
    ("Philadelphia", "PA", "191"), ("Columbus", "OH", "432"), ("Portland", "OR", "972"),
]
STREETS = [
    "Main St", "Oak Ave", "Maple Dr", "Cedar Ln", "Elm St", "Park Blvd", "Peachtree St NE", "O'Farrell St",
    "Calle Almería", "Avenida de la Peña", "Rue Saint-Hélène", "Lakeshore Dr", "Martin Luther King Jr Blvd",
    "Old Mill Rd", "Sunset Blvd", "Bayou Côte Rd", "Kamehameha Hwy", "Willow Ct",
]
UNITS = ["Apt 4B", "Unit 12", "#305", "Apt 2", "Suite 110", "Fl 3"]
TRACE_SOURCES = ["Credit header", "Utility records", "Public records", "Change of address", "Phone directory",
                 "Voter registration", "Loan application"]

EMAIL_DOMAINS = (["gmail.com"] * 35 + ["yahoo.com"] * 12 + ["hotmail.com"] * 10 + ["outlook.com"] * 8
                 + ["icloud.com"] * 6 + ["comcast.net"] * 4 + ["aol.com"] * 4 + ["proton.me"] * 3 + ["gmx.de"] * 3
                 + ["web.de"] * 2 + ["orange.fr"] * 2 + ["live.co.uk"] * 2 + ["example.org"] * 2
                 + ["yahoo.co.jp", "libero.it", "telefonica.net", "uol.com.br"])
EMAIL_TAGS = ["+shop", "+news", "+1", "+amazon", "+work"]
SITES = [
    "pastebin.com", "raidforums.com (archive)", "breachforums.st", "exploit.in", "xss.is", "combolist-2016.txt",
    "Collection #1", "dread (Tor forum)", "russianmarket.to", "ghostbin.co",
    "LinkedIn 2021 scrape", "Canva 2019 breach", "Genesis Market (seized)", "doxbin", "ransomware leak site",
]
LEAK_SOURCES = ["Dark web forum", "Data breach dump", "Paste site", "Botnet log", "Carding shop",
                "Telegram channel", "Combo list", "Stealer log", "Ransomware leak", "Marketplace listing"]
RETAILERS = ["Target", "Macy's", "Best Buy", "Kohl's", "Nordstrom", "Lowe's", "Trader Joe's", "Dillard's",
             "El Corte Inglés", "Galeries Lafayette", "Sephora", "Müller", "IKEA", "Walmart", "Home Depot"]

# Match types, weighted as a real feed has them: mostly e-mail addresses, then cards and phones.
MATCH_WEIGHTS = [
    ("IDEMAILADDR", 40), ("IDCCN", 10), ("IDCELLPHONE", 6), ("IDSSN", 6), ("IDBANK", 5), ("IDDLNUMBER", 4),
    ("IDRETAILCARD", 4), ("IDHOMEPHONE", 3), ("IDMEDICALID", 3), ("IDNATIONAL", 3), ("IDIBAN", 3),
    ("IDPASSPORTNUM", 3), ("IDWORKPHONE", 2),
]
# The data key that holds each match type's value, and the optional key that qualifies it.
VALUE_KEYS = {
    "IDEMAILADDR": ("email", None), "IDSSN": ("ssn", None), "IDDLNUMBER": ("dlNumber", "dlState"),
    "IDMEDICALID": ("medicalId", None), "IDHOMEPHONE": ("phone", None), "IDWORKPHONE": ("phone", None),
    "IDCELLPHONE": ("phone", None), "IDCCN": ("ccn", None), "IDBANK": ("bankAccount", "routingNumber"),
    "IDNATIONAL": ("nationalId", "country"), "IDIBAN": ("iban", None),
    "IDPASSPORTNUM": ("passportNumber", "country"), "IDRETAILCARD": ("retailCard", "retailer"),
}

# Social networks (each has <name lowercased>.com among its domains in the content catalog), weighted.
NETWORKS = (["Twitter"] * 6 + ["X"] * 3 + ["Facebook"] * 6 + ["Instagram"] * 5 + ["TikTok"] * 3
            + ["LinkedIn"] * 2 + ["YouTube"] + ["Reddit"] * 2)
CATEGORIES = ["PersonalInfo", "Profanity", "Violence", "Drugs", "Hate", "Threat", "Phishing"]
# Posts by category. Fields: {phone} {address} {city} {street} {first} {email} {link} {short} {tag}.
POSTS = {
    "PersonalInfo": [
        "My new number is {phone}, text me!",
        "Moving to {city} next week 🎉 new address is {address}",
        "Lost my wallet near {street}. If found please call {phone} 🙏",
        "Here's my boarding pass for tomorrow's flight ✈️ can't wait!",
        "Finally got my driver's license!!! 🚗 pic in the comments",
        "Email me at {email} about the apartment, it's still available",
        "¡Ya tenemos casa nueva! 🏡 {address}, {city}. Vengan cuando quieran",
        "Nouveau numéro : {phone} — merci de mettre à jour vos contacts 📱",
    ],
    "Profanity": [
        "Can't believe this happened today... so angry right now",
        "What a f***ing joke of a game 🤬",
        "This s**t service is the worst, never again",
        "¡Qué día de m***da! Todo sale mal 😡",
        "Scheiß Montag. Einfach nur scheiße.",
    ],
    "Violence": [
        "Next time I see him I'm going to break his nose 👊",
        "Somebody is going to get hurt at the game tonight, I promise you that",
        "Bring a bat to {street} on Friday, we're settling this",
    ],
    "Drugs": [
        "DM me for cheap pills, fast shipping 💊",
        "Plug in {city} 🍃 deliveries all weekend, hit my line {phone}",
        "Oxy, Xanax, Adderall — no prescription needed. Telegram: {tag}",
        "Pills 💊 $5 each, same-day in {city}. Cash or crypto only",
    ],
    "Hate": [
        "People like them don't belong in {city}. Get out.",
        "Go back where you came from, nobody wants you here",
        "Typical {city} trash, all of them 🤮",
    ],
    "Threat": [
        "I know where you live, {first}. {address}. Watch your back.",
        "You'd better watch your back when you leave work tomorrow",
        "Tu vas le regretter, je sais où tu habites.",
        "Last warning {first}. Next time it won't be just words 🔪",
    ],
    "Phishing": [
        "Click here to claim your prize: {short}",
        "Your account is locked! Verify at {link} within 24 hours",
        "🎁 Free iPhone 15 giveaway — enter at {link} (only 50 left!)",
        "Urgent: your package is on hold, pay the $1.99 fee at {link}",
        "Congrats {first}! You've been selected 🏆 claim at {short}",
    ],
}
PHISHING_HOSTS = ["secure-login.example", "account-verify.example", "paypa1-support.com", "free-gifts.example",
                  "usps-redelivery.example", "apple-id-check.example"]
PHISHING_PATHS = ["/verify", "/login", "/win", "/track", "/claim?id=", "/account/update"]
SHORTENERS = ["bit.ly/", "tinyurl.com/", "goo.gl/", "rebrand.ly/"]
BASE62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"

US_AREA_CODES = ["212", "213", "305", "312", "404", "415", "503", "512", "602", "617", "646", "702", "713",
                 "720", "808", "907", "206", "313", "215", "614", "973", "505", "719", "208", "636"]
FOREIGN_PHONES = [  # (country calling code, pattern of digits: N a digit)
    ("+44", "NN NNNN NNNN"), ("+49", "NN NNNNNNNN"), ("+33", "N NN NN NN NN"), ("+34", "NNN NN NN NN"),
    ("+52", "NN NNNN NNNN"), ("+91", "NNNNN NNNNN"), ("+81", "NN-NNNN-NNNN"), ("+61", "N NNNN NNNN"),
]

# National id numbers by issuing country: a pattern (N a digit, A a capital letter, anything else as it is).
NATIONAL_IDS = [
    ("GB", "AA NN NN NN A"), ("DE", "ANNANNNNN"), ("FR", "N NN NN NN NNN NNN NN"), ("ES", "NNNNNNNNA"),
    ("IT", "AAAAAANNANNANNNA"), ("MX", "AAAANNNNNNAAAAAANN"), ("IN", "NNNN NNNN NNNN"), ("JP", "NNNNNNNNNNNN"),
    ("CA", "NNN NNN NNN"), ("BR", "NNN.NNN.NNN-NN"), ("SE", "NNNNNN-NNNN"), ("NL", "NNNNNNNNN"),
    ("KR", "NNNNNN-NNNNNNN"), ("PL", "NNNNNNNNNNN"), ("IE", "NNNNNNNA"),
]
PASSPORTS = [
    ("US", "NNNNNNNNN"), ("US", "ANNNNNNNN"), ("GB", "NNNNNNNNN"), ("DE", "ANNANNANN"), ("FR", "NNAANNNNN"),
    ("ES", "AAANNNNNN"), ("MX", "ANNNNNNNN"), ("IN", "ANNNNNNN"), ("JP", "AANNNNNNN"), ("CA", "AANNNNNN"),
    ("IE", "AANNNNNNN"), ("BR", "AANNNNNN"), ("NG", "ANNNNNNNN"), ("PH", "ANNNNNNNA"),
]
# IBAN countries: the BBAN's pattern.
IBANS = [
    ("DE", "NNNNNNNNNNNNNNNNNN"), ("GB", "AAAANNNNNNNNNNNNNN"), ("FR", "NNNNNNNNNNNNNNNNNNNNNNN"),
    ("ES", "NNNNNNNNNNNNNNNNNNNN"), ("IT", "ANNNNNNNNNNNNNNNNNNNNNN"), ("NL", "AAAANNNNNNNNNN"),
    ("BE", "NNNNNNNNNNNN"), ("CH", "NNNNNNNNNNNNNNNNN"), ("PL", "NNNNNNNNNNNNNNNNNNNNNNNN"),
    ("IE", "AAAANNNNNNNNNNNNNN"), ("AT", "NNNNNNNNNNNNNNNN"), ("PT", "NNNNNNNNNNNNNNNNNNNNN"),
]
# Driver's licence numbers by issuing state.
LICENCES = [
    ("CA", "ANNNNNNN"), ("NY", "NNNNNNNNN"), ("TX", "NNNNNNNN"), ("FL", "ANNNNNNNNNNNN"), ("IL", "ANNNNNNNNNNN"),
    ("WA", "WDLAAANNNNNN"), ("PA", "NNNNNNNN"), ("GA", "NNNNNNNNN"), ("MA", "SNNNNNNNN"), ("NJ", "ANNNNNNNNNNNNNN"),
    ("OH", "AANNNNNN"), ("MI", "ANNNNNNNNNNNN"),
]
# Card brands: (prefixes, length).
CARD_BRANDS = [
    (["4"], 16), (["4"], 16), (["4"], 16), (["51", "52", "53", "54", "55", "2221", "2720"], 16),
    (["51", "52", "53", "54", "55"], 16), (["34", "37"], 15), (["6011", "65"], 16), (["3528", "3589"], 16),
    (["36"], 14),
]
ROUTING_PREFIXES = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "11", "12",
                    "21", "22", "23", "24", "25", "26", "27", "28", "29", "30", "31", "32"]
MBI_LETTERS = "ACDEFGHJKMNPQRTUVWXY"  # Medicare Beneficiary Identifier letters: no S, L, O, I, B, Z
UPPER = "ABCDEFGHIJKLMNPQRSTUVWXYZ"

CIRCUMSTANCES = ("SourceDate", "CreationDate", "site", "Source")  # where and when a leak was found
TZ_OFFSETS = ["+02:00", "-05:00", "+05:30", "-08:00", "+01:00", "+09:00", "-03:00", "+00:00", "-04:00", "+10:00"]

# The reasons an invalid record gives, and the alert type each is for (None: any type).
REASONS = [
    ("missing id", None), ("empty id", None), ("type out of range", None), ("type is a string", None),
    ("events empty", None), ("events not an array", None), ("date not a calendar date", None),
    ("date wrong format", None), ("data missing", None), ("data not an object", None),
    ("value key missing", 1), ("name missing", 2), ("account missing", 3),
]

# --- Tables built once ---------------------------------------------------------------------------------------

_FOLD = str.maketrans({"ø": "o", "Ø": "O", "ł": "l", "Ł": "L", "ß": "ss", "æ": "ae", "Æ": "AE", "œ": "oe",
                       "đ": "d", "ð": "d", "þ": "th", "ı": "i"})


def ascii_letters(text):
    """`text` as lower-case ASCII letters and digits: Zoë → zoe, Ødegaard → odegaard, O'Brien → obrien."""
    decomposed = unicodedata.normalize("NFKD", text.translate(_FOLD))
    return "".join(c for c in decomposed if c.isascii() and c.isalnum()).lower()


def expand(pairs):
    """A weighted list as a flat table to index uniformly."""
    return [item for item, weight in pairs for _ in range(weight)]


def calendar(first, last):
    """Every day from `first` to `last` as YYYY-MM-DD."""
    days, day = [], first
    while day <= last:
        days.append(day.isoformat())
        day += datetime.timedelta(days=1)
    return days


DAYS = calendar(datetime.date(2008, 1, 1), datetime.date(2025, 12, 31))
FIRST_EVENT_DAY = DAYS.index("2013-01-01")
LAST_EVENT_DAY = DAYS.index("2025-06-30")
TWO_DIGITS = ["%02d" % n for n in range(100)]
POW10 = [10 ** n for n in range(19)]
LETTER_VALUES = str.maketrans({c: str(ord(c) - 55) for c in "ABCDEFGHIJKLMNOPQRSTUVWXYZ"})  # IBAN: A=10 … Z=35
LUHN_DOUBLE = str.maketrans("0123456789", "0246813579")  # a digit doubled, its digits summed

PEOPLE_FIRST = [(name, ascii_letters(name)) for name in FIRST_NAMES]
PEOPLE_LAST = [(name, ascii_letters(name)) for name in LAST_NAMES]
MATCH_TABLE = expand(MATCH_WEIGHTS)
TYPE_TABLE = [1] * 70 + [2] * 15 + [3] * 15
EVENT_COUNTS = [1] * 70 + [2] * 15 + [3] * 10 + [4] * 5
# The long tail (--tail-rate): its shapes in turn, each with its sizes in turn.
TAIL_SHAPES = ["events", "post", "longest", "limit"]
TAIL_EVENT_COUNTS = [43, 50, 51, 100, 500, 1000]
TAIL_POST_BYTES = [2900, 3000, 3001, 10000, 65536]
STRING_LIMIT = 64 * 1024  # the contract's bytes of one string
ALERT_LIMIT = 1 << 20  # the contract's bytes of one alert
MAX_EVENTS = 1000  # the contract's events of one alert
TAIL_WORDS = ("leaked account password posted again today share login bank card verify address phone number "
              "private message reply urgent offer please contact").split()
assert len(TYPE_TABLE) == len(EVENT_COUNTS) == 100
N_FIRST, N_LAST, N_PLACES, N_AREAS = len(PEOPLE_FIRST), len(PEOPLE_LAST), len(PLACES), len(US_AREA_CODES)
N_DOMAINS, N_MATCHES, N_SITES, N_LEAK_SOURCES = len(EMAIL_DOMAINS), len(MATCH_TABLE), len(SITES), len(LEAK_SOURCES)


def luhn_complete(body):
    """`body` followed by the digit that makes the whole pass the Luhn check."""
    total = sum(map(int, body[::-1][0::2].translate(LUHN_DOUBLE))) + sum(map(int, body[::-1][1::2]))
    return body + str(-total % 10)


def iban_complete(country, bban):
    """The IBAN of `bban`, with its two check digits (ISO 13616 mod 97)."""
    number = int((bban + country + "00").translate(LETTER_VALUES))
    return "%s%02d%s" % (country, 98 - number % 97, bban)


def routing_complete(body):
    """An 8-digit ABA routing number prefix and its check digit."""
    d = [int(c) for c in body]
    total = 3 * (d[0] + d[3] + d[6]) + 7 * (d[1] + d[4] + d[7]) + d[2] + d[5]
    return body + str(-total % 10)


# --- The generator ------------------------------------------------------------------------------------------


class FeedGenerator:
    """The records of one feed, from one seeded random stream: call `alert(n)` for n = 0, 1, 2, … in turn.

    The parts are closures over the stream's bound methods rather than methods: in the hot loop a local or
    closure variable is much cheaper to reach than an attribute, and this keeps the generator quick."""

    def __init__(self, seed, invalid_rate=0.0, tail_rate=0.0):
        self.rng = random.Random(seed)
        self.invalid_rate = invalid_rate
        self.tail_rate = tail_rate
        self.tail_count = 0  # tail records so far: the next one's shape and size
        rand = self.rng.random
        bits = self.rng.getrandbits

        def pick(seq):
            return seq[int(rand() * len(seq))]

        def digits(count):
            """`count` random digits (count <= 15; more are made of parts)."""
            if count > 15:
                return digits(count - 15) + digits(15)
            return "%0*d" % (count, int(rand() * POW10[count]))

        def fill(pattern):
            """A pattern's N as random digits, its A as random capital letters, the rest as it is."""
            out = []
            for c in pattern:
                if c == "N":
                    out.append(TWO_DIGITS[int(rand() * 10)][1])
                elif c == "A":
                    out.append(UPPER[int(rand() * 25)])
                else:
                    out.append(c)
            return "".join(out)

        def clock():
            hour = TWO_DIGITS[int(rand() * 24)]
            return hour + ":" + TWO_DIGITS[int(rand() * 60)] + ":" + TWO_DIGITS[int(rand() * 60)]

        def date_time(day):
            """A date-time on `day` in one of the forms feeds use: the mock data's, or RFC 3339 with a zone."""
            r = rand()
            if r < 0.45:
                return day + " " + clock()
            if r < 0.7:
                return day + "T" + clock() + "Z"
            if r < 0.88:
                return day + "T" + clock() + pick(TZ_OFFSETS)
            if r < 0.95:
                return day + "T" + clock() + ".%03dZ" % int(rand() * 1000)
            return day + "T" + clock() + ".%06d" % int(rand() * 1000000) + pick(TZ_OFFSETS)

        # A person: (first, last, first in ASCII, last in ASCII, birth year, place, area code).
        def person():
            # The hottest picks are written out: a call costs more than the pick itself.
            first, first_ascii = PEOPLE_FIRST[int(rand() * N_FIRST)]
            last, last_ascii = PEOPLE_LAST[int(rand() * N_LAST)]
            return (first, last, first_ascii, last_ascii, 1950 + int(rand() * 55), PLACES[int(rand() * N_PLACES)],
                    US_AREA_CODES[int(rand() * N_AREAS)])

        def email(who):
            f, l, year = who[2], who[3], who[4]
            r = rand()
            if r < 0.35:
                local = f + "." + l
            elif r < 0.5:
                local = f + l
            elif r < 0.6:
                local = f[0] + l
            elif r < 0.7:
                local = f + "_" + l
            elif r < 0.8:
                local = f + TWO_DIGITS[year % 100]
            elif r < 0.9:
                local = l + "." + f + str(int(rand() * 1000))
            else:
                local = f + "." + l + str(year)
            if rand() < 0.08:
                local += pick(EMAIL_TAGS)
            address = local + "@" + EMAIL_DOMAINS[int(rand() * N_DOMAINS)]
            if rand() < 0.04:
                address = address[0].upper() + address[1:]
            return address

        def phone(who):
            r = rand()
            if r < 0.12:
                code, pattern = pick(FOREIGN_PHONES)
                return code + " " + fill(pattern)
            area = who[6] if rand() < 0.7 else pick(US_AREA_CODES)
            exchange = str(200 + int(rand() * 800))
            line = "%04d" % int(rand() * 10000)
            if r < 0.45:
                return "(%s) %s-%s" % (area, exchange, line)
            if r < 0.65:
                return "%s-%s-%s" % (area, exchange, line)
            if r < 0.75:
                return "%s.%s.%s" % (area, exchange, line)
            if r < 0.85:
                return "+1 %s %s %s" % (area, exchange, line)
            if r < 0.93:
                return area + exchange + line
            return "+1" + area + exchange + line

        def ssn():
            area = 1 + int(rand() * 898)
            if area == 666:
                area = 667
            number = "%03d-%s-%04d" % (area, TWO_DIGITS[1 + int(rand() * 99)], 1 + int(rand() * 9999))
            return number if rand() < 0.85 else number.replace("-", "")

        def card():
            prefixes, length = pick(CARD_BRANDS)
            prefix = pick(prefixes)
            number = luhn_complete(prefix + digits(length - len(prefix) - 1))
            r = rand()
            if r < 0.8 or length != 16:
                return number
            separator = " " if r < 0.93 else "-"
            return separator.join((number[0:4], number[4:8], number[8:12], number[12:16]))

        def medical_id():
            if rand() < 0.6:  # a Medicare Beneficiary Identifier, e.g. 1EG4-TE5-MK73
                alnum = MBI_LETTERS + "0123456789"
                mbi = (str(1 + int(rand() * 9)) + pick(MBI_LETTERS) + pick(alnum) + digits(1) + pick(MBI_LETTERS)
                       + pick(alnum) + digits(1) + pick(MBI_LETTERS) + pick(MBI_LETTERS) + digits(2))
                return mbi if rand() < 0.7 else mbi[0:4] + "-" + mbi[4:7] + "-" + mbi[7:11]
            return pick(["XGH", "ZBW", "YLS", "MCD", "HUM", "UHC"]) + digits(9)  # an insurer's member id

        def cyber_data(match, who, qualifier_country):
            key, extra = VALUE_KEYS[match]
            data = {"match": match}
            qualifier = None
            if match == "IDEMAILADDR":
                value = email(who)
            elif match == "IDCCN":
                value = card()
            elif match in ("IDCELLPHONE", "IDHOMEPHONE", "IDWORKPHONE"):
                value = phone(who)
            elif match == "IDSSN":
                value = ssn()
            elif match == "IDBANK":
                value = digits(8 + int(rand() * 5)) if rand() < 0.9 else digits(17)
                qualifier = routing_complete(pick(ROUTING_PREFIXES) + digits(6))
            elif match == "IDDLNUMBER":
                state, pattern = pick(LICENCES)
                value, qualifier = fill(pattern), state
            elif match == "IDRETAILCARD":
                value = digits(12 + int(rand() * 5))
                qualifier = pick(RETAILERS)
            elif match == "IDMEDICALID":
                value = medical_id()
            elif match == "IDNATIONAL":
                country, pattern = qualifier_country(NATIONAL_IDS)
                value, qualifier = fill(pattern), country
            elif match == "IDIBAN":
                country, pattern = pick(IBANS)
                value = iban_complete(country, fill(pattern))
                if rand() < 0.25:  # the printed form, in groups of four
                    value = " ".join(value[i:i + 4] for i in range(0, len(value), 4))
            else:  # IDPASSPORTNUM
                country, pattern = qualifier_country(PASSPORTS)
                value, qualifier = fill(pattern), country
            data[key] = value
            if extra and rand() < 0.6:
                data[extra] = qualifier
            return data

        def cyber_events(count, who, day):
            first_match = MATCH_TABLE[int(rand() * N_MATCHES)]
            mixed = count > 1 and rand() < 0.3  # most multi-event alerts repeat one match type
            # One issuing country per alert for national ids and passports (the member's own documents).
            chosen = {}

            def qualifier_country(table):
                if id(table) not in chosen:
                    chosen[id(table)] = pick(table)
                return chosen[id(table)]

            events = []
            previous = None
            for index in range(count):
                match = first_match if index == 0 or not mixed else pick(MATCH_TABLE)
                if previous is not None and previous["match"] == match and rand() < 0.4:
                    # The same value found again, elsewhere: its own site, source and dates follow.
                    data = {key: value for key, value in previous.items() if key not in CIRCUMSTANCES}
                else:
                    data = cyber_data(match, who, qualifier_country)
                previous = data
                found = DAYS[day]
                r = rand()
                if r < 0.45:
                    data["SourceDate"] = DAYS[day - 1 - int(rand() * 900)]
                if r > 0.2:
                    data["CreationDate"] = date_time(found)
                if rand() < 0.6:
                    data["site"] = SITES[int(rand() * N_SITES)]
                if rand() < 0.7:
                    data["Source"] = LEAK_SOURCES[int(rand() * N_LEAK_SOURCES)]
                events.append({"date": found, "data": data})
                day = min(day + int(rand() * 40), len(DAYS) - 1)
            return events

        def street_address():
            address = "%d %s" % (1 + int(rand() * 9899), pick(STREETS))
            if rand() < 0.2:
                address += ", " + pick(UNITS)
            return address

        def zip_code(place):
            code = place[2] + TWO_DIGITS[int(rand() * 100)]
            return code if rand() < 0.85 else code + "-%04d" % int(rand() * 10000)

        def trace_events(count, who, day):
            events = []
            for index in range(count):
                if index == 0 or rand() < 0.75:
                    first, last = who[0], who[1]
                elif rand() < 0.5:  # a name the SSN should not be under: a maiden name…
                    first, last = who[0], pick(PEOPLE_LAST)[0]
                else:  # …or somebody else's
                    first, last = pick(PEOPLE_FIRST)[0], pick(PEOPLE_LAST)[0]
                name = first + " " + last
                if rand() < 0.15:
                    name = first + " " + pick(MIDDLE_INITIALS) + ". " + last
                data = {"name": name}
                if rand() < 0.9:
                    place = who[5] if index == 0 else pick(PLACES)
                    data["address"] = street_address()
                    data["city"] = place[0]
                    data["state"] = place[1]
                    if rand() < 0.9:
                        data["zip"] = zip_code(place)
                if rand() < 0.7:
                    data["firstSeen"] = DAYS[day - int(rand() * 1500)]
                if rand() < 0.5:
                    data["source"] = pick(TRACE_SOURCES)
                events.append({"date": DAYS[day], "data": data})
                day = min(day + int(rand() * 60), len(DAYS) - 1)
            return events

        def handle(who, network):
            f, l = who[2], who[3]
            r = rand()
            if r < 0.3:
                name = f + l
            elif r < 0.5:
                name = f + "_" + l
            elif r < 0.65 and network in ("Instagram", "TikTok", "Facebook"):
                name = f + "." + l
            elif r < 0.8:
                name = f + TWO_DIGITS[who[4] % 100]
            elif r < 0.9:
                name = "the" + f + l[:3]
            else:
                name = f[0] + l + str(int(rand() * 1000))
            return name[:15]

        def post(category, who, user):
            template = pick(POSTS[category])
            if "{" not in template:
                return template
            place = who[5]
            host = pick(PHISHING_HOSTS)
            link = pick(["https://", "http://", "www.", ""]) + host + pick(PHISHING_PATHS)
            if link.endswith("="):
                link += digits(6)
            return template.format(
                phone=phone(who), city=place[0], street=pick(STREETS), first=who[0], email=email(who),
                address=street_address(), link=link,
                short=pick(SHORTENERS) + "".join(BASE62[bits(6) % 62] for _ in range(7)),
                tag="@" + user[:10].replace(".", "_") + "_rx")

        def social_events(count, who, day):
            network = pick(NETWORKS)
            user = handle(who, network)
            events = []
            for index in range(count):
                if index and rand() < 0.2:  # another account of the same person
                    network = pick(NETWORKS)
                    user = handle(who, network)
                category = pick(CATEGORIES)
                data = {"network": network, "account": "@" + user, "category": category}
                if rand() < 0.85:
                    data["content"] = post(category, who, user)
                if rand() < 0.7:
                    data["url"] = "https://%s.com/%s/status/1%018d" % (network.lower(), user, bits(60) % POW10[18])
                if rand() < 0.6:
                    posted = DAYS[day - int(rand() * 3)]
                    r = rand()
                    zone = "Z" if r < 0.7 else ".000Z" if r < 0.85 else pick(TZ_OFFSETS)
                    data["postDate"] = posted + "T" + clock() + zone
                events.append({"date": DAYS[day], "data": data})
                day = min(day + int(rand() * 10), len(DAYS) - 1)
            return events

        def alert(n, kind=None, events=None):
            if kind is None:
                kind = TYPE_TABLE[int(rand() * 100)]
            count = EVENT_COUNTS[int(rand() * 100)]
            if events is not None:
                count = events
            who = person()
            day = FIRST_EVENT_DAY + int(rand() * (LAST_EVENT_DAY - FIRST_EVENT_DAY))
            if kind == 1:
                events = cyber_events(count, who, day)
            elif kind == 2:
                events = trace_events(count, who, day)
            else:
                events = social_events(count, who, day)
            return {"id": "%d:%d" % (4930000 + n, 100 + int(rand() * 900)), "type": kind, "events": events}

        self.pick, self.rand, self.digits = pick, rand, digits
        self._alert = alert
        self._cyber_data = cyber_data
        self._person = person

    def long_text(self, size):
        """Readable ASCII words, exactly `size` bytes, ending in a letter."""
        pick, words, length = self.pick, [], -1
        while length < size:
            words.append(pick(TAIL_WORDS))
            length += len(words[-1]) + 1
        text = " ".join(words)[:size]
        return text[:-1] + "x" if text.endswith(" ") else text

    def tail(self, n):
        """Record n from the long tail: the next shape of TAIL_SHAPES, with its next size."""
        turn, self.tail_count = self.tail_count, self.tail_count + 1
        shape, size = TAIL_SHAPES[turn % len(TAIL_SHAPES)], turn // len(TAIL_SHAPES)
        if shape == "events":
            return self._alert(n, events=TAIL_EVENT_COUNTS[size % len(TAIL_EVENT_COUNTS)])
        if shape == "post":
            record = self._alert(n, 3)
            record["events"][0]["data"]["content"] = self.long_text(TAIL_POST_BYTES[size % len(TAIL_POST_BYTES)])
            return record
        if shape == "longest":
            record = self._alert(n, 1, events=1)
            day, who = record["events"][0]["date"], self._person()
            chosen = {}

            def qualifier_country(table):
                return chosen.setdefault(id(table), self.pick(table))
            record["events"] = [{"date": day, "data": self._cyber_data(match, who, qualifier_country)}
                                for match in VALUE_KEYS]
            strings = [(data, key) for data in (event["data"] for event in record["events"])
                       for key in data if key != "match"]
            room = (ALERT_LIMIT - len(encode_record(record)) - 1024) // len(strings)
            for data, key in strings:
                size = min(STRING_LIMIT, len(data[key].encode("utf-8")) + room)
                grown = (data[key] + " " + self.long_text(size)).encode("utf-8")[:size]
                data[key] = grown.decode("utf-8", "ignore")  # cut at a character's end
            return record
        record = self._alert(n, events=MAX_EVENTS)  # "limit": lengthened, string by string, to exactly 1 MiB
        # Free text of each type (ASCII words add their own bytes to the record, one for one, no escapes).
        texts = ("email", "ssn", "phone", "ccn", "bankAccount", "dlNumber", "medicalId", "nationalId", "iban",
                 "passportNumber", "retailCard", "name", "address", "content")
        missing = ALERT_LIMIT - len(encode_record(record))
        for event in record["events"]:
            data = event["data"]
            key = next((key for key in data if key in texts), None)
            if missing <= 0 or key is None:
                continue
            grow = min(missing, STRING_LIMIT - len(data[key].encode("utf-8")))
            if grow > 0:
                data[key] += self.long_text(grow + 1)[1:]
                missing -= grow
        assert len(encode_record(record)) == ALERT_LIMIT, "a limit record is not exactly 1 MiB"
        return record

    def alert(self, n):
        """Record n (a dict in output key order): a valid alert or, at the invalid rate, one broken in one way
        with its `_invalid` reason."""
        if self.invalid_rate and self.rand() < self.invalid_rate:
            reason, kind = self.pick(REASONS)
            record = self.breach(self._alert(n, kind), reason)
            record["_invalid"] = reason
            return record
        if self.tail_rate and self.rand() < self.tail_rate:
            return self.tail(n)
        return self._alert(n)

    def breach(self, record, reason):
        """`record` broken the way `reason` says, and in no other way."""
        pick, rand = self.pick, self.rand
        event = record["events"][0]
        data = event["data"]
        if reason == "missing id":
            del record["id"]
            if rand() < 0.3:  # under a name the contract does not know
                record = {"alertId": "A-" + self.digits(8), **record}
        elif reason == "empty id":
            record["id"] = ""
        elif reason == "type out of range":
            record["type"] = pick([0, 4, 5, 7, 9, 10, 12, 99, -1])
        elif reason == "type is a string":
            kind = record["type"]
            record["type"] = pick([str(kind), str(kind), {1: "CyberAgent", 2: "SSNTrace", 3: "SocialMedia"}[kind]])
        elif reason == "events empty":
            record["events"] = []
        elif reason == "events not an array":
            events = record["events"]
            r = rand()
            if r < 0.4:
                record["events"] = events[0]  # the one event, not in a list
            elif r < 0.7:
                record["events"] = {str(i): e for i, e in enumerate(events)}
            else:  # the list encoded twice: JSON text in a string
                record["events"] = json.dumps(events, ensure_ascii=False, separators=(",", ":"))
        elif reason == "date not a calendar date":
            year = event["date"][:4]
            event["date"] = pick([year + "-02-30", year + "-04-31", year + "-06-31", year + "-09-31",
                                  year + "-11-31", year + "-13-01", year + "-00-10", year + "-05-00",
                                  year + "-01-32", pick(["2019", "2021", "2023", "1900", "2100"]) + "-02-29"])
        elif reason == "date wrong format":
            y, m, d = event["date"].split("-")
            event["date"] = pick([m + "/" + d + "/" + y, d + "." + m + "." + y, y + m + d, y + "/" + m + "/" + d,
                                  str(int(m)) + "/" + str(int(d)) + "/" + y[2:], event["date"] + "T00:00:00Z",
                                  event["date"] + " 12:00:00", " " + event["date"], d + "-" + m + "-" + y])
        elif reason == "data missing":
            del event["data"]
        elif reason == "data not an object":
            event["data"] = pick(["leak", "", None, 42, [data], json.dumps(data, ensure_ascii=False)])
        elif reason == "value key missing":
            key = VALUE_KEYS[data["match"]][0]
            value = data.pop(key)
            if rand() < 0.3:  # under a name the contract does not know
                data[key[0].upper() + key[1:]] = value
        elif reason == "name missing":
            name = data.pop("name")
            if rand() < 0.3:  # split in two
                first, _, last = name.rpartition(" ")
                event["data"] = {"firstName": first, "lastName": last, **data}
        elif reason == "account missing":
            account = data.pop("account")
            if rand() < 0.3:
                data[pick(["handle", "username", "user"])] = account
        else:
            raise ValueError("no such reason: " + reason)
        return record


def encode_record(record):
    """A record's bytes in the feed (compact UTF-8 JSON, without its line end)."""
    return ENCODE(record).encode("utf-8")


ENCODE = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"), check_circular=False).encode


def write_feed(out, count, seed, fmt, invalid_rate, chunk=2000, tail_rate=0.0):
    """Writes the feed to the binary stream `out`."""
    generator = FeedGenerator(seed, invalid_rate, tail_rate)
    encode = ENCODE
    alert = generator.alert
    array = fmt == "array"
    if array:
        out.write(b"[\n")
    separator = ",\n" if array else "\n"
    n = 0
    while n < count:
        end = min(count, n + chunk)
        lines = [encode(alert(i)) for i in range(n, end)]
        text = separator.join(lines)
        if end < count:
            text += separator
        elif not array:
            text += "\n"
        out.write(text.encode("utf-8"))
        n = end
    if array:
        out.write(b"\n]\n" if count else b"]\n")


def parse_arguments(argv):
    parser = argparse.ArgumentParser(
        prog="gen-feed.py", description=__doc__.split("\n\n", 1)[0],
        epilog=__doc__.split("\n\n", 1)[1], formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--count", type=int, default=1000, metavar="N", help="how many records (default 1000)")
    parser.add_argument("--seed", type=int, default=1, metavar="S",
                        help="the random seed: the same seed, the same bytes (default 1)")
    parser.add_argument("--format", choices=["ndjson", "array"], default="ndjson",
                        help="ndjson: one record a line (default); array: a JSON array, one record a line")
    parser.add_argument("--invalid-rate", type=float, default=0.0, metavar="R",
                        help="the share of records, 0 to 1, that break the contract in one way and say how in "
                             "\"_invalid\" (default 0)")
    parser.add_argument("--tail-rate", type=float, default=0.0, metavar="R",
                        help="the share of records, 0 to 1, from the long tail: many events, long posts, every "
                             "string at its longest, alerts of exactly 1 MiB (default 0)")
    parser.add_argument("--output", "-o", default="-", metavar="PATH",
                        help="the file to write, replaced whole when done (default: standard output)")
    arguments = parser.parse_args(argv)
    if arguments.count < 0:
        parser.error("--count must be 0 or more")
    if not 0.0 <= arguments.invalid_rate <= 1.0:
        parser.error("--invalid-rate must be between 0 and 1")
    if not 0.0 <= arguments.tail_rate <= 1.0:
        parser.error("--tail-rate must be between 0 and 1")
    return arguments


def main(argv=None):
    arguments = parse_arguments(argv)
    options = (arguments.count, arguments.seed, arguments.format, arguments.invalid_rate)
    path = arguments.output
    if path == "-":
        try:
            write_feed(sys.stdout.buffer, *options, tail_rate=arguments.tail_rate)
            sys.stdout.buffer.flush()
        except BrokenPipeError:  # the reader stopped early (| head): not an error of ours
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0
    if os.path.exists(path) and not os.path.isfile(path):  # /dev/null, a FIFO: written as it is
        with open(path, "wb") as out:
            write_feed(out, *options, tail_rate=arguments.tail_rate)
        return 0
    # A file: written beside the target under a temporary name, renamed over it when whole, so that an
    # interrupted run never leaves a partial feed that a script would take for a complete one.
    handle, temporary = tempfile.mkstemp(prefix=".gen-feed-", dir=os.path.dirname(os.path.abspath(path)))
    try:
        with os.fdopen(handle, "wb", buffering=1 << 20) as out:
            write_feed(out, *options, tail_rate=arguments.tail_rate)
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(temporary, 0o666 & ~umask)
        os.replace(temporary, path)
    except BaseException:
        os.unlink(temporary)
        raise
    return 0


if __name__ == "__main__":
    sys.exit(main())
