"""What the Wonderful pictures print on a card: name, type, cost, production, points.

The view names cards by key only and the renderer may not read the engine's card tables
(tests/test_layers.py), so the printed facts a picture shows are kept here, one letter per item;
tests/wonderful/test_pictures.py keeps this table equal to engine/wonderful/cards.py.
Letters: M materials, E energy, S science, G gold, X exploration, K krystallium, F financier,
N general.
"""

from __future__ import annotations

from typing import NamedTuple

TYPES = ("structure", "vehicle", "research", "project", "discovery")
STR, VEH, RES, PRO, DIS = TYPES
# Item letters by the view's resource and character names.
LETTER = {"materials": "M", "energy": "E", "science": "S", "gold": "G", "exploration": "X",
          "krystallium": "K", "financier": "F", "general": "N"}


class Card(NamedTuple):
    """One development as printed. `per` is "X/vehicle" (one X per built vehicle); `points_per`
    "2/project"; cost, production, recycling and bonus are item letters."""

    key: str
    title: str
    type: str
    cost: str
    produces: str
    recycle: str
    bonus: str = ""
    per: str = ""
    points: int = 0
    points_per: str = ""


def _c(key: str, title: str, type_: str, cost: str, produces: str, recycle: str, *, bonus: str = "",
       per: str = "", points: int = 0, points_per: str = "") -> Card:
    return Card(key, title, type_, cost, produces, recycle, bonus, per, points, points_per)


# fmt: off
CARDS: dict[str, Card] = {card.key: card for card in (
    _c("financial-center", "Financial Center", STR, "MMMME", "GG", "G", bonus="F"),
    _c("industrial-complex", "Industrial Complex", STR, "MMME", "MG", "G", bonus="F"),
    _c("military-base", "Military Base", STR, "MMME", "MS", "M", bonus="N"),
    _c("nuclear-plant", "Nuclear Plant", STR, "MMMMS", "EEE", "E"),
    _c("offshore-oil-rig", "Offshore Oil Rig", STR, "MMMX", "EG", "E", bonus="F"),
    _c("recycling-plant", "Recycling Plant", STR, "MM", "MM", "M"),
    _c("research-center", "Research Center", STR, "MMME", "SS", "S"),
    _c("transportation-network", "Transportation Network", STR, "MMM", "", "M", points_per="1/vehicle"),
    _c("wind-turbines", "Wind Turbines", STR, "MM", "E", "E"),
    _c("airborne-laboratory", "Airborne Laboratory", VEH, "EEE", "SX", "S"),
    _c("aircraft-carrier", "Aircraft Carrier", VEH, "MMMEEEE", "", "M", bonus="NN", per="X/vehicle"),
    _c("icebreaker", "Icebreaker", VEH, "EEES", "XX", "X"),
    _c("juggernaut", "Juggernaut", VEH, "MMMEEEK", "XX", "M", bonus="NN", points_per="1/vehicle"),
    _c("mega-drill", "Mega-Drill", VEH, "MEE", "MX", "M"),
    _c("saucer-squadron", "Saucer Squadron", VEH, "EEESS", "XXX", "S"),
    _c("submarine", "Submarine", VEH, "MMEEE", "XX", "M", bonus="N"),
    _c("tank-division", "Tank Division", VEH, "MEE", "X", "M", bonus="N"),
    _c("zeppelin", "Zeppelin", VEH, "EE", "X", "X"),
    _c("aquaculture", "Aquaculture", RES, "SSSSGG", "", "S", bonus="F", points_per="1/financier"),
    _c("bionic-grafts", "Bionic Grafts", RES, "SSSSS", "MM", "M", bonus="N", points=4),
    _c("climate-control", "Climate Control", RES, "SSSSS", "EEG", "E", points=2),
    _c("cryopreservation", "Cryopreservation", RES, "SSSSSSS", "", "G", bonus="F", points_per="1/financier"),
    _c("genetic-upgrades", "Genetic Upgrades", RES, "SSSS", "", "S", bonus="FF", points=3),
    _c("gravity-inverter", "Gravity Inverter", RES, "ESSSSK", "", "S", bonus="F", points_per="2/project"),
    _c("human-cloning", "Human Cloning", RES, "SSG", "G", "G", bonus="F", points=1),
    _c("mega-bomb", "Mega-Bomb", RES, "EESS", "", "E", bonus="NN", points=3),
    _c("neuroscience", "Neuroscience", RES, "SSS", "", "S", per="S/research", points=1),
    _c("quantum-generator", "Quantum Generator", RES, "SSSSS", "EEE", "E", points_per="1/vehicle"),
    _c("robot-assistants", "Robot Assistants", RES, "SSS", "", "M", per="M/structure", points=1),
    _c("robotic-animals", "Robotic Animals", RES, "ESS", "M", "E", bonus="N", points=2),
    _c("satellites", "Satellites", RES, "EESSSS", "XX", "X", bonus="N", points=3),
    _c("security-automatons", "Security Automatons", RES, "SSSSG", "", "G", points_per="1/general"),
    _c("super-soldiers", "Super-Soldiers", RES, "SSSSSSS", "", "X", bonus="N", points_per="1/general"),
    _c("super-sonar", "Super Sonar", RES, "SSSS", "", "X", per="X/vehicle", points=1),
    _c("supercomputer", "Supercomputer", RES, "SSSS", "S", "S", points_per="1/vehicle"),
    _c("teleportation", "Teleportation", RES, "SSSSSSSS", "", "X", bonus="KK", points=8),
    _c("time-travel", "Time Travel", RES, "SSSSSKKK", "", "X", points=15),
    _c("transmutation", "Transmutation", RES, "SSSGG", "GGG", "G", bonus="K", points=1),
    _c("universal-vaccine", "Universal Vaccine", RES, "SSS", "", "G", points_per="1/project"),
    _c("unknown-technology", "Unknown Technology", RES, "SSSSSSSK", "", "S", points_per="3/research"),
    _c("virtual-reality", "Virtual Reality", RES, "SSSSS", "", "G", per="G/research", points=2),
    _c("casino-city", "Casino City", PRO, "EEEGGGG", "GG", "G", bonus="F", points_per="1/financier"),
    _c("espionage-agency", "Espionage Agency", PRO, "EEGG", "XX", "X", points=1),
    _c("giant-dam", "Giant Dam", PRO, "MMMGG", "EEEE", "E", points=1),
    _c("giant-tower", "Giant Tower", PRO, "MMGGGF", "", "G", points=10),
    _c("harbor-zone", "Harbor Zone", PRO, "GGGGG", "MMGG", "G", bonus="FF", points=2),
    _c("lunar-base", "Lunar Base", PRO, "EESSGGK", "", "X", bonus="NN", points=10),
    _c("magnetic-train", "Magnetic Train", PRO, "ESGGG", "", "G", bonus="FF", per="G/structure", points=2),
    _c("museum", "Museum", PRO, "GGG", "", "X", points_per="2/discovery"),
    _c("national-monument", "National Monument", PRO, "MMMMMGGG", "", "G", points_per="2/project"),
    _c("polar-base", "Polar Base", PRO, "EEEGGGG", "XXX", "X", bonus="N", points_per="2/discovery"),
    _c("propaganda-center", "Propaganda Center", PRO, "GGG", "", "G", bonus="N", per="G/project", points=1),
    _c("secret-laboratory", "Secret Laboratory", PRO, "MMGGG", "SS", "S", bonus="K", points_per="1/research"),
    _c("secret-society", "Secret Society", PRO, "GGGK", "", "G", points_per="1/financier"),
    _c("solar-cannon", "Solar Cannon", PRO, "EESGGG", "", "E", bonus="N", points_per="1/general"),
    _c("space-elevator", "Space Elevator", PRO, "EEESGG", "", "E", bonus="F", points_per="1/financier"),
    _c("underground-city", "Underground City", PRO, "MMMGGG", "MMEE", "E", bonus="K", points=3),
    _c("underwater-city", "Underwater City", PRO, "EESGG", "SXX", "X", points=3),
    _c("universal-exposition", "Universal Exposition", PRO, "GGGFF", "", "G", points_per="3/research"),
    _c("university", "University", PRO, "SGG", "", "S", per="S/project", points=2),
    _c("world-congress", "World Congress", PRO, "GGGGGGFF", "", "G", points_per="3/project"),
    _c("alexanders-tomb", "Alexander's Tomb", DIS, "XXXXXXX", "", "G", bonus="NN", points=10),
    _c("ancient-astronauts", "Ancient Astronauts", DIS, "XXXXXXN", "", "S", bonus="KK", per="S/discovery", points=10),
    _c("ark-of-the-covenant", "Ark of the Covenant", DIS, "XXXX", "", "X", bonus="K", points=5),
    _c("atlantis", "Atlantis", DIS, "XXXXXXXK", "", "G", points_per="2/general"),
    _c("bermuda-triangle", "Bermuda Triangle", DIS, "XXXX", "S", "S", bonus="K", points=4),
    _c("black-beards-treasure", "Black Beard's Treasure", DIS, "XXX", "GX", "G", points=2),
    _c("center-of-the-earth", "Center of the Earth", DIS, "XXXXXNN", "", "X", points=15),
    _c("cities-of-gold", "Cities of Gold", DIS, "XXXX", "GGG", "G", points=3),
    _c("city-of-agartha", "City of Agartha", DIS, "XXXXK", "XX", "X", points_per="1/general"),
    _c("fountain-of-youth", "Fountain of Youth", DIS, "XXXXXXX", "", "E", bonus="KKK", points_per="1/general"),
    _c("gardens-of-the-hesperides", "Gardens of the Hesperides", DIS, "XXXXX", "", "X", points_per="2/project"),
    _c("island-of-avalon", "Island of Avalon", DIS, "XXXXX", "S", "S", points=7),
    _c("king-solomons-mines", "King Solomon's Mines", DIS, "XXXX", "", "G", per="G/structure", points=2),
    _c("lost-continent-of-mu", "Lost Continent of Mu", DIS, "XXXXXX", "G", "G", bonus="KK", points_per="2/discovery"),
    _c("parallel-dimension", "Parallel Dimension", DIS, "SSSXXXXN", "", "X", bonus="KKK", points_per="3/research"),
    _c("roswell", "Roswell", DIS, "XXXXXX", "S", "S", bonus="N", points_per="1/general"),
    _c("treasure-of-the-templars", "Treasure of the Templars", DIS, "XXXXX", "GG", "G", bonus="KK", points=3),
)}

# Empire key: (title, face A's points per type or character).
EMPIRES: dict[str, tuple[str, str]] = {
    "noram-states": ("Noram States", "1/financier"),
    "federation-of-asia": ("Federation of Asia", "2/project"),
    "panafrican-union": ("Panafrican Union", "2/research"),
    "republic-of-europe": ("Republic of Europe", "1/general"),
    "aztec-empire": ("Aztec Empire", "3/discovery"),
}
# fmt: on


def card(key: str) -> Card:
    """The card's printed facts; a key not in the table (a card added later) shows its name only."""
    found = CARDS.get(key)
    if found is None:
        return Card(key, key.replace("-", " ").title(), "", "", "", "")
    return found


def empire_title(key: str) -> str:
    found = EMPIRES.get(key)
    return found[0] if found else key.replace("-", " ").title()
