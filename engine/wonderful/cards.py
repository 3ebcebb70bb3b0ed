"""The printed material of It's a Wonderful World's base game, each development declared once.

Numbers from gamepark/its-a-wonderful-world (rules/src/material/Developments.ts, Empires.ts);
the facts sheet is docs/its-a-wonderful-world.md. Card keys are lower-case slugs: they are the
tokens of the move texts (`draft zeppelin`).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass

# The five produced resources, in the order the production steps take them.
MATERIALS, ENERGY, SCIENCE, GOLD, EXPLORATION = "materials", "energy", "science", "gold", "exploration"
KRYSTALLIUM = "krystallium"
RESOURCES = (MATERIALS, ENERGY, SCIENCE, GOLD, EXPLORATION)
FINANCIER, GENERAL = "financier", "general"
CHARACTERS = (FINANCIER, GENERAL)
# A cost slot is a resource, krystallium or a character; the order cost lists are written in.
COST_ORDER = (*RESOURCES, KRYSTALLIUM, FINANCIER, GENERAL)

STRUCTURE, VEHICLE, RESEARCH, PROJECT, DISCOVERY = "structure", "vehicle", "research", "project", "discovery"
TYPES = (STRUCTURE, VEHICLE, RESEARCH, PROJECT, DISCOVERY)

# Who a production step's supremacy rewards; science lets the winner choose (None).
SUPREMACY: dict[str, str | None] = {MATERIALS: FINANCIER, ENERGY: GENERAL, SCIENCE: None,
                                    GOLD: FINANCIER, EXPLORATION: GENERAL}

ROUNDS = 4
PICKS = 7  # cards each player drafts a round
KRYSTALLIUM_PILE = 5  # resources on the Empire card that turn into one krystallium


def deal_size(players: int) -> int:
    """Cards dealt to each player a round: 10 at two players (three are left over), else 7."""
    return 10 if players == 2 else PICKS


def pass_left(round_number: int) -> bool:
    """Hands pass left (to the next seat) in rounds 1 and 3, right in rounds 2 and 4."""
    return round_number % 2 == 1


@dataclass(frozen=True)
class Development:
    """One development card as printed: `cost` and `produces` as (item, count) pairs,
    `produces_per` one resource per built card of a type, `points_per` (points, per what:
    a type or a character)."""

    key: str
    title: str
    type: str
    cost: tuple[tuple[str, int], ...]
    recycle: str
    copies: int = 1
    bonus: tuple[str, ...] = ()  # construction bonus: characters and krystallium
    produces: tuple[tuple[str, int], ...] = ()
    produces_per: tuple[str, str] | None = None  # (resource, type)
    points: int = 0
    points_per: tuple[int, str] | None = None

    @functools.cached_property
    def slots(self) -> tuple[str, ...]:
        """The cost as one item per slot, in COST_ORDER (worked out once: playouts ask often)."""
        count = dict(self.cost)
        return tuple(item for item in COST_ORDER for _ in range(count.get(item, 0)))


M, E, S, G, X, K, F, GN = MATERIALS, ENERGY, SCIENCE, GOLD, EXPLORATION, KRYSTALLIUM, FINANCIER, GENERAL


def _d(key: str, title: str, type_: str, cost: dict[str, int], recycle: str, copies: int = 1,
       bonus: tuple[str, ...] = (), produces: dict[str, int] | None = None,
       per: tuple[str, str] | None = None, points: int = 0, points_per: tuple[int, str] | None = None) -> Development:
    return Development(key, title, type_, tuple(cost.items()), recycle, copies, bonus,
                       tuple((produces or {}).items()), per, points, points_per)


# fmt: off
DEVELOPMENTS: tuple[Development, ...] = (
    # Structures (grey)
    _d("financial-center", "Financial Center", STRUCTURE, {M: 4, E: 1}, G, 5, (F,), {G: 2}),
    _d("industrial-complex", "Industrial Complex", STRUCTURE, {M: 3, E: 1}, G, 6, (F,), {M: 1, G: 1}),
    _d("military-base", "Military Base", STRUCTURE, {M: 3, E: 1}, M, 6, (GN,), {M: 1, S: 1}),
    _d("nuclear-plant", "Nuclear Plant", STRUCTURE, {M: 4, S: 1}, E, 5, (), {E: 3}),
    _d("offshore-oil-rig", "Offshore Oil Rig", STRUCTURE, {M: 3, X: 1}, E, 5, (F,), {E: 1, G: 1}),
    _d("recycling-plant", "Recycling Plant", STRUCTURE, {M: 2}, M, 7, (), {M: 2}),
    _d("research-center", "Research Center", STRUCTURE, {M: 3, E: 1}, S, 7, (), {S: 2}),
    _d("transportation-network", "Transportation Network", STRUCTURE, {M: 3}, M, 2, points_per=(1, VEHICLE)),
    _d("wind-turbines", "Wind Turbines", STRUCTURE, {M: 2}, E, 7, (), {E: 1}),
    # Vehicles (black)
    _d("airborne-laboratory", "Airborne Laboratory", VEHICLE, {E: 3}, S, 3, (), {S: 1, X: 1}),
    _d("aircraft-carrier", "Aircraft Carrier", VEHICLE, {M: 3, E: 4}, M, 1, (GN, GN), per=(X, VEHICLE)),
    _d("icebreaker", "Icebreaker", VEHICLE, {E: 3, S: 1}, X, 4, (), {X: 2}),
    _d("juggernaut", "Juggernaut", VEHICLE, {M: 3, E: 3, K: 1}, M, 1, (GN, GN), {X: 2}, points_per=(1, VEHICLE)),
    _d("mega-drill", "Mega-Drill", VEHICLE, {M: 1, E: 2}, M, 4, (), {M: 1, X: 1}),
    _d("saucer-squadron", "Saucer Squadron", VEHICLE, {E: 3, S: 2}, S, 2, (), {X: 3}),
    _d("submarine", "Submarine", VEHICLE, {M: 2, E: 3}, M, 3, (GN,), {X: 2}),
    _d("tank-division", "Tank Division", VEHICLE, {M: 1, E: 2}, M, 7, (GN,), {X: 1}),
    _d("zeppelin", "Zeppelin", VEHICLE, {E: 2}, X, 6, (), {X: 1}),
    # Research (green)
    _d("aquaculture", "Aquaculture", RESEARCH, {S: 4, G: 2}, S, 1, (F,), points_per=(1, FINANCIER)),
    _d("bionic-grafts", "Bionic Grafts", RESEARCH, {S: 5}, M, 1, (GN,), {M: 2}, points=4),
    _d("climate-control", "Climate Control", RESEARCH, {S: 5}, E, 1, (), {E: 2, G: 1}, points=2),
    _d("cryopreservation", "Cryopreservation", RESEARCH, {S: 7}, G, 1, (F,), points_per=(1, FINANCIER)),
    _d("genetic-upgrades", "Genetic Upgrades", RESEARCH, {S: 4}, S, 1, (F, F), points=3),
    _d("gravity-inverter", "Gravity Inverter", RESEARCH, {E: 1, S: 4, K: 1}, S, 1, (F,), points_per=(2, PROJECT)),
    _d("human-cloning", "Human Cloning", RESEARCH, {S: 2, G: 1}, G, 1, (F,), {G: 1}, points=1),
    _d("mega-bomb", "Mega-Bomb", RESEARCH, {E: 2, S: 2}, E, 1, (GN, GN), points=3),
    _d("neuroscience", "Neuroscience", RESEARCH, {S: 3}, S, 1, per=(S, RESEARCH), points=1),
    _d("quantum-generator", "Quantum Generator", RESEARCH, {S: 5}, E, 1, (), {E: 3}, points_per=(1, VEHICLE)),
    _d("robot-assistants", "Robot Assistants", RESEARCH, {S: 3}, M, 1, per=(M, STRUCTURE), points=1),
    _d("robotic-animals", "Robotic Animals", RESEARCH, {E: 1, S: 2}, E, 1, (GN,), {M: 1}, points=2),
    _d("satellites", "Satellites", RESEARCH, {E: 2, S: 4}, X, 1, (GN,), {X: 2}, points=3),
    _d("security-automatons", "Security Automatons", RESEARCH, {S: 4, G: 1}, G, 1, points_per=(1, GENERAL)),
    _d("super-soldiers", "Super-Soldiers", RESEARCH, {S: 7}, X, 1, (GN,), points_per=(1, GENERAL)),
    _d("super-sonar", "Super Sonar", RESEARCH, {S: 4}, X, 1, per=(X, VEHICLE), points=1),
    _d("supercomputer", "Supercomputer", RESEARCH, {S: 4}, S, 1, (), {S: 1}, points_per=(1, VEHICLE)),
    _d("teleportation", "Teleportation", RESEARCH, {S: 8}, X, 1, (K, K), points=8),
    _d("time-travel", "Time Travel", RESEARCH, {S: 5, K: 3}, X, 1, points=15),
    _d("transmutation", "Transmutation", RESEARCH, {S: 3, G: 2}, G, 1, (K,), {G: 3}, points=1),
    _d("universal-vaccine", "Universal Vaccine", RESEARCH, {S: 3}, G, 1, points_per=(1, PROJECT)),
    _d("unknown-technology", "Unknown Technology", RESEARCH, {S: 7, K: 1}, S, 1, points_per=(3, RESEARCH)),
    _d("virtual-reality", "Virtual Reality", RESEARCH, {S: 5}, G, 1, per=(G, RESEARCH), points=2),
    # Projects (yellow)
    _d("casino-city", "Casino City", PROJECT, {E: 3, G: 4}, G, 2, (F,), {G: 2}, points_per=(1, FINANCIER)),
    _d("espionage-agency", "Espionage Agency", PROJECT, {E: 2, G: 2}, X, 2, (), {X: 2}, points=1),
    _d("giant-dam", "Giant Dam", PROJECT, {M: 3, G: 2}, E, 1, (), {E: 4}, points=1),
    _d("giant-tower", "Giant Tower", PROJECT, {M: 2, G: 3, F: 1}, G, 1, points=10),
    _d("harbor-zone", "Harbor Zone", PROJECT, {G: 5}, G, 2, (F, F), {M: 2, G: 2}, points=2),
    _d("lunar-base", "Lunar Base", PROJECT, {E: 2, S: 2, G: 2, K: 1}, X, 1, (GN, GN), points=10),
    _d("magnetic-train", "Magnetic Train", PROJECT, {E: 1, S: 1, G: 3}, G, 1, (F, F), per=(G, STRUCTURE), points=2),
    _d("museum", "Museum", PROJECT, {G: 3}, X, 2, points_per=(2, DISCOVERY)),
    _d("national-monument", "National Monument", PROJECT, {M: 5, G: 3}, G, 1, points_per=(2, PROJECT)),
    _d("polar-base", "Polar Base", PROJECT, {E: 3, G: 4}, X, 1, (GN,), {X: 3}, points_per=(2, DISCOVERY)),
    _d("propaganda-center", "Propaganda Center", PROJECT, {G: 3}, G, 2, (GN,), per=(G, PROJECT), points=1),
    _d("secret-laboratory", "Secret Laboratory", PROJECT, {M: 2, G: 3}, S, 2, (K,), {S: 2}, points_per=(1, RESEARCH)),
    _d("secret-society", "Secret Society", PROJECT, {G: 3, K: 1}, G, 2, points_per=(1, FINANCIER)),
    _d("solar-cannon", "Solar Cannon", PROJECT, {E: 2, S: 1, G: 3}, E, 1, (GN,), points_per=(1, GENERAL)),
    _d("space-elevator", "Space Elevator", PROJECT, {E: 3, S: 1, G: 2}, E, 1, (F,), points_per=(1, FINANCIER)),
    _d("underground-city", "Underground City", PROJECT, {M: 3, G: 3}, E, 2, (K,), {M: 2, E: 2}, points=3),
    _d("underwater-city", "Underwater City", PROJECT, {E: 2, S: 1, G: 2}, X, 2, (), {S: 1, X: 2}, points=3),
    _d("universal-exposition", "Universal Exposition", PROJECT, {G: 3, F: 2}, G, 1, points_per=(3, RESEARCH)),
    _d("university", "University", PROJECT, {S: 1, G: 2}, S, 1, per=(S, PROJECT), points=2),
    _d("world-congress", "World Congress", PROJECT, {G: 6, F: 2}, G, 1, points_per=(3, PROJECT)),
    # Discoveries (blue)
    _d("alexanders-tomb", "Alexander's Tomb", DISCOVERY, {X: 7}, G, 1, (GN, GN), points=10),
    _d("ancient-astronauts", "Ancient Astronauts", DISCOVERY, {X: 6, GN: 1}, S, 1, (K, K), per=(S, DISCOVERY),
       points=10),
    _d("ark-of-the-covenant", "Ark of the Covenant", DISCOVERY, {X: 4}, X, 1, (K,), points=5),
    _d("atlantis", "Atlantis", DISCOVERY, {X: 7, K: 1}, G, 1, points_per=(2, GENERAL)),
    _d("bermuda-triangle", "Bermuda Triangle", DISCOVERY, {X: 4}, S, 1, (K,), {S: 1}, points=4),
    _d("black-beards-treasure", "Black Beard's Treasure", DISCOVERY, {X: 3}, G, 1, (), {G: 1, X: 1}, points=2),
    _d("center-of-the-earth", "Center of the Earth", DISCOVERY, {X: 5, GN: 2}, X, 1, points=15),
    _d("cities-of-gold", "Cities of Gold", DISCOVERY, {X: 4}, G, 1, (), {G: 3}, points=3),
    _d("city-of-agartha", "City of Agartha", DISCOVERY, {X: 4, K: 1}, X, 1, (), {X: 2}, points_per=(1, GENERAL)),
    _d("fountain-of-youth", "Fountain of Youth", DISCOVERY, {X: 7}, E, 1, (K, K, K), points_per=(1, GENERAL)),
    _d("gardens-of-the-hesperides", "Gardens of the Hesperides", DISCOVERY, {X: 5}, X, 1, points_per=(2, PROJECT)),
    _d("island-of-avalon", "Island of Avalon", DISCOVERY, {X: 5}, S, 1, (), {S: 1}, points=7),
    _d("king-solomons-mines", "King Solomon's Mines", DISCOVERY, {X: 4}, G, 1, per=(G, STRUCTURE), points=2),
    _d("lost-continent-of-mu", "Lost Continent of Mu", DISCOVERY, {X: 6}, G, 1, (K, K), {G: 1},
       points_per=(2, DISCOVERY)),
    _d("parallel-dimension", "Parallel Dimension", DISCOVERY, {S: 3, X: 4, GN: 1}, X, 1, (K, K, K),
       points_per=(3, RESEARCH)),
    _d("roswell", "Roswell", DISCOVERY, {X: 6}, S, 1, (GN,), {S: 1}, points_per=(1, GENERAL)),
    _d("treasure-of-the-templars", "Treasure of the Templars", DISCOVERY, {X: 5}, G, 1, (K, K), {G: 2}, points=3),
)
# fmt: on

CARDS: dict[str, Development] = {d.key: d for d in DEVELOPMENTS}


@dataclass(frozen=True)
class Empire:
    """One face of an Empire card: what it produces each round and its end-of-game combo."""

    key: str
    title: str
    produces: tuple[tuple[str, int], ...]
    points_per: tuple[int, str] | None = None


# Face B is the same for every empire (and scores nothing).
FACE_B_PRODUCTION = ((M, 2), (E, 1), (S, 1))
EMPIRES_A: tuple[Empire, ...] = (
    Empire("noram-states", "Noram States", ((M, 3), (G, 1)), (1, FINANCIER)),
    Empire("federation-of-asia", "Federation of Asia", ((M, 1), (G, 2)), (2, PROJECT)),
    Empire("panafrican-union", "Panafrican Union", ((M, 2), (S, 2)), (2, RESEARCH)),
    Empire("republic-of-europe", "Republic of Europe", ((M, 2), (E, 1), (S, 1)), (1, GENERAL)),
    Empire("aztec-empire", "Aztec Empire", ((E, 2), (X, 1)), (3, DISCOVERY)),
)
EMPIRE_KEYS = tuple(e.key for e in EMPIRES_A)


# Both faces of every empire, built once: production and the view read them for every board.
_FACES: dict[tuple[str, str], Empire] = {
    **{(e.key, "a"): e for e in EMPIRES_A},
    **{(e.key, "b"): Empire(e.key, e.title, FACE_B_PRODUCTION) for e in EMPIRES_A},
}


def empire_face(key: str, face: str) -> Empire:
    """The face of an empire in play: "a" (its own production and combo) or "b" (the common one)."""
    return _FACES[key, face]


def title(key: str) -> str:
    """A card's printed name."""
    return CARDS[key].title
