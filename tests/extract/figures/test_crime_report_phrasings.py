"""Per-report killed / injured counts on US local crime-report phrasings.

Sentences written by hand in the style of local news (not read off any
dataset), each run through the figures extractor and read off the
reconciled groups, as the benchmarks do: a held-out check of the general
rules, since the final evaluation reads reports none of them was tuned on.
"""

from __future__ import annotations

from typing import Any

import pytest

#: US local crime-report phrasings written by hand (not read off any dataset): headlines
#: with counts, ordinals, conditions, "pronounced dead", quotes from police, updates, passives,
#: possessives. Each was run before the rules they exercise; those counted wrong then are also
#: pinned by a test of their own under tests/extract/figures/, the rest guard what the rules
#: must not change.
REPORTS: list[tuple[str, tuple[int, int]]] = [
    (
        "3 dead, 2 hurt in overnight shooting\nThree people were killed and two others "
        "were injured in a shooting early Sunday, police said.",
        (3, 2),
    ),
    (
        "Two teens wounded in drive-by shooting\nTwo teenagers were shot Saturday night "
        "while standing outside a home, police said. Both are expected to survive.",
        (0, 2),
    ),
    (
        "Man killed, woman hurt in Southside shooting\nA man was killed and a woman was "
        "wounded in a shooting Friday night on the city's South Side.",
        (1, 1),
    ),
    (
        "Two men were shot Friday night. A third victim, a 19-year-old woman, was grazed "
        "by a bullet.",
        (0, 3),
    ),
    (
        "Police said a third person was shot in the leg and taken to a hospital. Two men "
        "were killed in the shooting.",
        (2, 1),
    ),
    (
        "A 25-year-old man suffered non-life-threatening injuries after he was shot in "
        "the arm Tuesday night.",
        (0, 1),
    ),
    (
        "Two women were shot and suffered non-life-threatening injuries, police said.",
        (0, 2),
    ),
    (
        "A 32-year-old man was pronounced dead at the scene after being shot multiple "
        "times, police said.",
        (1, 0),
    ),
    (
        "The victim was pronounced dead at the scene. A second man was taken to a local "
        "hospital with a gunshot wound to the leg.",
        (1, 1),
    ),
    (
        "A 17-year-old boy was in critical condition Sunday after being shot in the chest.",
        (0, 1),
    ),
    (
        "A woman is in critical condition and a man is in stable condition after a "
        "shooting on Main Street.",
        (0, 2),
    ),
    (
        "Police said multiple people were shot at a party early Saturday. Four people "
        "were taken to hospitals, and one of them died.",
        (1, 3),
    ),
    (
        "A teen and a woman were shot Saturday evening in the 1200 block of Elm Street, "
        "police said.",
        (0, 2),
    ),
    (
        "A teen was killed and a woman was wounded Saturday evening, police said.",
        (1, 1),
    ),
    (
        "Two men were shot outside a bar early Sunday. Both men were taken to a hospital,"
        " where one of them died.",
        (1, 1),
    ),
    (
        "Both men died at the scene, police said. The two had been shot during an argument.",
        (2, 0),
    ),
    (
        "A 28-year-old man was killed in the shooting. The man's girlfriend was also shot"
        " and is in stable condition.",
        (1, 1),
    ),
    (
        "Police said the victim's brother was wounded in the shooting that killed "
        "22-year-old Marcus Green.",
        (1, 1),
    ),
    (
        "A 40-year-old man was shot and killed by a neighbor during an argument Saturday,"
        " deputies said.",
        (1, 0),
    ),
    (
        "A woman was struck by a stray bullet while sitting in her living room, police "
        "said. She was treated and released.",
        (0, 1),
    ),
    (
        '"We have one person deceased and two others with gunshot wounds," police Chief '
        "John Smith said.",
        (1, 2),
    ),
    (
        '"The victim was shot once in the head and died at the scene," Sgt. Mary Jones said.',
        (1, 0),
    ),
    (
        "A man who was shot last week has died, police said Monday. Johnny Walker, 34, "
        "died at the hospital Sunday.",
        (1, 0),
    ),
    (
        "A woman who was shot in the head Friday has died, authorities said. Her "
        "boyfriend, who was also shot, remains hospitalized.",
        (1, 1),
    ),
    (
        "A shooting left one man dead and another injured early Sunday morning.",
        (1, 1),
    ),
    (
        "One person was killed and four others were wounded when gunfire erupted at a house party.",
        (1, 4),
    ),
    (
        "Three people were shot, one fatally, in a shooting Saturday night.",
        (1, 2),
    ),
    (
        "A 15-year-old girl was shot in the foot and a 20-year-old man was shot in the "
        "back, police said. Both were taken to a hospital in stable condition.",
        (0, 2),
    ),
    (
        "Police said the gunman shot a man and a woman before turning the gun on himself."
        " The man and the woman were taken to a hospital.",
        (1, 2),
    ),
    (
        "A man was found shot to death inside a car early Tuesday.",
        (1, 0),
    ),
    (
        "Officers found a woman suffering from a gunshot wound. She was taken to a "
        "hospital, where she later died.",
        (1, 0),
    ),
    (
        "A 6-year-old boy was accidentally shot by his 8-year-old brother Sunday, police "
        "said. The boy is expected to recover.",
        (0, 1),
    ),
    (
        "Two people died and a third was hospitalized after a shooting Friday.",
        (2, 1),
    ),
    (
        "The shooting left a 22-year-old man with a gunshot wound to his leg.",
        (0, 1),
    ),
    (
        "A man and his teenage son were both shot in the legs Monday night.",
        (0, 2),
    ),
    (
        "A teen died Sunday, a day after he was shot near a park.",
        (1, 0),
    ),
    (
        "Police say five people were shot, two of them fatally.",
        (2, 3),
    ),
    (
        "A 23-year-old man was shot in the back. He was listed in serious but stable condition.",
        (0, 1),
    ),
    (
        "A shooting in the 500 block of Oak Street left two people injured, police said.",
        (0, 2),
    ),
    (
        "Jane Doe, 45, was shot and killed on Monday. Her husband, John Doe, 47, was wounded.",
        (1, 1),
    ),
    (
        "A 19-year-old was shot and killed early Saturday outside a convenience store, "
        "police said.",
        (1, 0),
    ),
    (
        "The shooting claimed the life of a 52-year-old grandmother.",
        (1, 0),
    ),
    (
        "Two people, a man and a woman, were found dead inside a home Tuesday.",
        (2, 0),
    ),
    (
        "A man was shot multiple times and later died at a hospital.",
        (1, 0),
    ),
    (
        "The victim succumbed to his injuries on Thursday. A second victim is recovering.",
        (1, 1),
    ),
    (
        "One man died and two others, including a teenager, were wounded.",
        (1, 2),
    ),
    (
        "A gunman opened fire at a bar, killing two people and wounding three others.",
        (2, 3),
    ),
    (
        "A 3-year-old boy shot himself in the leg with a gun he found under a bed.",
        (0, 1),
    ),
    (
        "A man accidentally shot himself while cleaning his gun Sunday, deputies said.",
        (0, 1),
    ),
    (
        "Deputies say the teen shot his friend in the face. The friend is expected to survive.",
        (0, 1),
    ),
    (
        "The two victims, both 21, were listed in stable condition.",
        (0, 2),
    ),
    (
        "A police officer was shot and wounded Monday. The suspect was killed by return fire.",
        (1, 1),
    ),
    (
        "A father and son were killed in a shooting Saturday.",
        (2, 0),
    ),
    (
        "Two people were grazed by bullets during the shootout.",
        (0, 2),
    ),
    (
        "The man died Tuesday, two days after he was shot outside his home.",
        (1, 0),
    ),
    (
        "A woman was killed and her two children were injured in the shooting.",
        (1, 2),
    ),
    (
        "Triple shooting leaves one dead\nThree people were shot late Friday. One of them "
        "died at the scene.",
        (1, 2),
    ),
    (
        "Man, 45, fatally shot; suspect arrested\nA 45-year-old man was shot and killed "
        "Monday night. Police arrested a suspect hours later.",
        (1, 0),
    ),
    (
        "A 30-year-old man and a 25-year-old woman were shot; the woman died.",
        (1, 1),
    ),
    (
        "Police found a 27-year-old man suffering from multiple gunshot wounds. He was "
        "taken to a hospital in critical condition.",
        (0, 1),
    ),
    (
        "A teenager was wounded in a drive-by shooting. Police said the 16-year-old was "
        "struck in the shoulder.",
        (0, 1),
    ),
    (
        "Two men were injured in a shooting Saturday. One was shot in the hand and the "
        "other in the leg.",
        (0, 2),
    ),
    (
        "A man is dead after being shot by his roommate during an argument, police said. "
        "The roommate was arrested.",
        (1, 0),
    ),
    (
        "Authorities identified the man killed as Tyrone Jackson, 31. Jackson was shot in"
        " the chest.",
        (1, 0),
    ),
    (
        "A woman was wounded by gunfire while driving on the interstate.",
        (0, 1),
    ),
    (
        "The 8-year-old girl died at the hospital. Her 10-year-old brother was also shot "
        "but survived.",
        (1, 1),
    ),
    (
        "The shooting killed one person and injured five, including two children.",
        (1, 5),
    ),
    (
        "Two brothers were shot and killed Sunday.",
        (2, 0),
    ),
    (
        "The suspect shot a 20-year-old man and a 21-year-old woman. Both died at the scene.",
        (2, 0),
    ),
    (
        "Authorities said two people were shot, including a 14-year-old boy who later died.",
        (1, 1),
    ),
    (
        "A man and a woman were found dead in what police are calling a murder-suicide.",
        (2, 0),
    ),
    (
        "Five people were shot early Sunday, none fatally.",
        (0, 5),
    ),
    (
        "Two people were killed, including the gunman.",
        (2, 0),
    ),
    (
        "The victim, whose name was not released, was listed in good condition.",
        (0, 1),
    ),
    (
        "One person was shot and killed and another was critically injured.",
        (1, 1),
    ),
    (
        "Police: 2 shot, 1 fatally, in Northside shooting\nTwo men were shot Saturday night.",
        (1, 1),
    ),
    (
        "A 12-year-old girl was hit by a stray bullet while playing outside.",
        (0, 1),
    ),
    (
        "A man was shot to death and his girlfriend was wounded.",
        (1, 1),
    ),
    (
        "Three men suffered gunshot wounds; one later died.",
        (1, 2),
    ),
    (
        "A woman died after being shot in the head by her estranged husband, who then "
        "turned the gun on himself.",
        (2, 0),
    ),
    (
        "Two people are dead, including a child.",
        (2, 0),
    ),
    (
        "Seven people were wounded and one killed in a mass shooting.",
        (1, 7),
    ),
    (
        "Two men were shot. Neither man's injuries are considered life-threatening.",
        (0, 2),
    ),
    (
        "A homeowner shot and killed an intruder early Monday.",
        (1, 0),
    ),
    (
        "A toddler is in critical condition after shooting himself with his father's gun.",
        (0, 1),
    ),
    (
        "Police said the 24-year-old victim died at the scene and a 30-year-old woman was"
        " hospitalized.",
        (1, 1),
    ),
    (
        "Shots were fired but no one was hurt.",
        (0, 0),
    ),
    (
        "The shooting left three people dead, including the suspected shooter.",
        (3, 0),
    ),
    (
        "A woman was shot and killed Friday. Her 2-year-old son was not hurt.",
        (1, 0),
    ),
    (
        "Two people were injured, one critically, in a shooting Sunday.",
        (0, 2),
    ),
    (
        "A man has died after he was shot during a robbery attempt on Tuesday, police said.",
        (1, 0),
    ),
    (
        "A 21-year-old man was killed and two teens were wounded in a drive-by shooting.",
        (1, 2),
    ),
    (
        "The gunman killed his ex-wife and her boyfriend before he was shot dead by police.",
        (3, 0),
    ),
    (
        "A man and his 9-year-old daughter were shot while sitting in their car. The girl"
        " died Monday.",
        (1, 1),
    ),
    (
        "A woman was shot in the leg during a robbery. Her injuries are not life-threatening.",
        (0, 1),
    ),
    (
        "Two teens were shot, one critically, Saturday afternoon.",
        (0, 2),
    ),
    (
        "A gunman wounded four people before killing himself.",
        (1, 4),
    ),
    (
        "A 5-year-old boy died after he found his father's gun and accidentally shot himself.",
        (1, 0),
    ),
    (
        "Police said three people suffered gunshot wounds in the shooting, and all are "
        "expected to survive.",
        (0, 3),
    ),
    (
        "The teen was shot multiple times and died at a hospital. Another teen was grazed.",
        (1, 1),
    ),
    (
        "Witnesses said the man opened fire on the crowd, hitting three people.",
        (0, 3),
    ),
    (
        "An off-duty officer shot and wounded a man who pointed a gun at him.",
        (0, 1),
    ),
    (
        "A man was fatally shot by a Milwaukee police officer Tuesday after a traffic stop.",
        (1, 0),
    ),
    (
        "A man is hospitalized after being shot in the foot, police said.",
        (0, 1),
    ),
    (
        "Two people were killed and a third person was seriously wounded in a shooting Sunday.",
        (2, 1),
    ),
    (
        "A 34-year-old man died Saturday from gunshot wounds he suffered Friday night.",
        (1, 0),
    ),
    (
        "The shooting left four people injured, one of them seriously.",
        (0, 4),
    ),
    (
        "A woman was shot and killed and her adult son was wounded in their home, police said.",
        (1, 1),
    ),
    (
        "A 22-year-old man was shot dead outside a nightclub early Sunday.",
        (1, 0),
    ),
    (
        "The man sustained a gunshot wound to the abdomen and was airlifted to a trauma center.",
        (0, 1),
    ),
    (
        "A woman died of her wounds Tuesday, a day after she was shot in her driveway.",
        (1, 0),
    ),
    (
        "Three people were shot - two men and a woman - outside a gas station.",
        (0, 3),
    ),
    (
        "A man and a woman were shot Monday night; both are expected to survive.",
        (0, 2),
    ),
    (
        "The victim's mother said he had been shot in the back.",
        (0, 1),
    ),
    (
        "A 40-year-old man was listed in critical but stable condition after being shot "
        "in the neck.",
        (0, 1),
    ),
    (
        "Two people were hurt in the gunfire, police said.",
        (0, 2),
    ),
    (
        "A man who was shot in the arm was treated and released, police said.",
        (0, 1),
    ),
    (
        "Police say a man was shot and killed by his brother-in-law during a family argument.",
        (1, 0),
    ),
    (
        "A teenager was shot and killed and his younger brother was injured in a drive-by"
        " shooting.",
        (1, 1),
    ),
    (
        "A man was found dead of a gunshot wound in a parked car.",
        (1, 0),
    ),
    (
        "Police said one victim died at the scene while two others were taken to a "
        "hospital with non-life-threatening injuries.",
        (1, 2),
    ),
]


@pytest.mark.parametrize(("text", "expected"), REPORTS)
def test_local_crime_report_phrasings(
    report_counts: Any, text: str, expected: tuple[int, int]
) -> None:
    assert report_counts(text) == expected
