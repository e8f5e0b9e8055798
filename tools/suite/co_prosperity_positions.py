"""The positions of the Co-Prosperity strategic test suite (issue 36), read by co_prosperity_suite.py."""

THEMES = {
    "war-declarations": "When and on whom to declare war (7.1-7.3): the Allied PP that a declaration gives (6.2), the US cost in cards (7.2.1), the two free Special Operations (7.3) and what not declaring leaves to the opponent.",
    "end-of-turn": "The free End of Turn strategic moves (9.0): no move that empties a space the enemy then controls by air range (3.4, 3.5), air units moved first to open routes.",
    "card-economy": "Cards are lost at the turn's end (6.0): no pass that ends the Operations Phase (8.0) with playable development or replenishment cards in hand when the opponent has nothing left.",
    "no-suicide-attacks": "No attack that throws units into a much stronger stack or away from a free objective (8.2, 8.6, 8.7).",
    "hit-allocation": "Allocating hits (8.6.5): the firing player finishes off a reduced unit of the priority hit; the receiving player takes a step from a full-strength unit rather than lose a reduced one.",
    "ports-and-bases": "Defending and retaking spaces, home spaces and ports (3.4, 4.1-4.3, 8.1): garrisons where the enemy can reach, empty enemy spaces taken back.",
    "supply": "Strategic tracing through friendly spaces (8.1), air control range (3.5) that opens or closes the routes, Resource Points from Borneo (6.4) and replenishment (8.4.1).",
    "invasion": "Naval moves that take empty enemy spaces (8.2, 8.2.1, 7.3) where the enemy cannot answer, not where its fleet retakes them.",
    "behind-ahead": "Playing to the score (4.3): when behind in 1944 attack the space that decides; when ahead keep every space held and give the opponent nothing.",
}

CE_WHY = ("{seat} holds {cards} with a development or replenishment icon ({plays}) and {opp} has no card left{rp}, "
          "so a pass now is followed by {opp}'s forced pass and ends the Operations Phase (8.0); cards not used are "
          "discarded at the end of the turn (6.0). Developing (6.3.1) or replenishing (6.3.2) costs nothing the "
          "{seat} could use otherwise; passing throws the cards away.")


def ce(pid, game, at, seat, cards, plays, good, acceptable, rp=""):
    opp = "Japan" if seat == "Allies" else "the Allies"
    return {"id": pid, "theme": "card-economy", "sections": ["6.0", "8.0", "6.3.1", "6.3.2"], "game": game,
            "at": at, "good": good, "acceptable": acceptable, "blunder": ["pass"],
            "why": CE_WHY.format(seat=seat, cards=cards, plays=plays, opp=opp, rp=rp)}


def hit_firer(pid, game, at, reduced, full, where, prio):
    return {"id": pid, "theme": "hit-allocation", "sections": ["8.6.5", "2.2.2", "6.3.1", "8.4.1"], "game": game,
            "at": at, "good": ["hit " + reduced], "acceptable": [], "blunder": [],
            "why": (f"The firing player allocates this priority {prio} hit (8.6.5 (1)) between {reduced} (reduced, one "
                    f"step left) and {full} (full strength), same type and factor, at {where}. Either way one step "
                    f"is lost and the same dice fire afterwards, but on {reduced} the hit removes the unit (2.2.2): "
                    f"it must be developed again (6.3.1, and the Production Track for ships) instead of being "
                    f"restored with one replenishment card (8.4.1).")}


def hit_receiver(pid, game, at, reduced, full, where, prio):
    return {"id": pid, "theme": "hit-allocation", "sections": ["8.6.5", "2.2.2", "6.3.1", "8.4.1"], "game": game,
            "at": at, "good": ["hit " + full], "acceptable": [], "blunder": ["hit " + reduced],
            "why": (f"The receiving player allocates this hit of the enemy's priority {prio} fire (8.6.5 (2)) between "
                    f"his own {full} (full strength) and {reduced} (reduced, one step left), same type and factor, at "
                    f"{where}. Either way one step is lost and the same dice fire afterwards; on {full} it costs a "
                    f"replenishment card later (8.4.1), on {reduced} it eliminates the unit (2.2.2), which must be "
                    f"developed again (6.3.1) - a unit given away for nothing.")}


POSITIONS = [
    # ---------------- war declarations ----------------
    {"id": "cps-war-01", "theme": "war-declarations", "sections": ["7.2", "7.2.1", "7.4.2", "4.3", "7.3"], "game": "g01", "at": 122,
     "good": ["declare japan"], "blunder": ["no-declaration"],
     "why": "1943: Japan holds 8 spaces (Japan, Port Arthur, Shanghai, Okinawa, Truk, Marshall Islands and the Chinese Guilin and Kunming), enough to win in 1944 (4.3). The US is not at war, so US units may not enter Japanese spaces (7.4.2): the US fleet at Pearl Harbor can do nothing about the count. Declaring costs 6 - 5 = 1 card (7.2.1) and gives two free Special Operations (7.3) against the empty Marshall Islands and Truk; not declaring wastes a whole year of the Allies' strongest forces and lets Japan garrison those two spaces before the last turn."},
    {"id": "cps-war-02", "theme": "war-declarations", "sections": ["7.3", "8.2", "4.3"], "game": "g01", "at": 124,
     "good": ["special naval"], "blunder": ["end-special"],
     "why": "The US has just declared war (7.2): two free Special Operations follow (7.3). A naval move of US-CV-1/US-BB-1 from Pearl Harbor reaches the empty Japanese Marshall Islands (distance 2) and takes it, cutting Japan below the 8 spaces it needs (4.3). Ending the Special Operations throws the free moves away."},
    {"id": "cps-war-03", "theme": "war-declarations", "sections": ["7.3", "8.2", "8.2.1"], "game": "g01", "at": 129,
     "good": ["special naval"], "blunder": ["end-special"],
     "why": "One free Special Operation left (7.3): US-CV-2 at Pearl Harbor (movement 3) reaches the empty Japanese Truk through the Marshall Islands just taken (8.2, a Special Operation's naval move need not stop in empty enemy spaces, 7.3), a second space taken from Japan for nothing. Ending now wastes it."},
    {"id": "cps-war-04", "theme": "war-declarations", "sections": ["7.2", "7.2.1", "7.4.2", "4.3", "6.2"], "game": "g02", "at": 138,
     "good": ["declare japan"], "blunder": ["no-declaration"],
     "why": "1944, the last turn: Japan holds 8 spaces (Guilin and Kunming among them) and wins at the end of the turn (4.3) unless the Allies take one. The US declaration now costs 6 - 6 = 0 cards (7.2.1); without it US units may not enter a Japanese space (7.4.2) and the game is lost. Declaring gives two free Special Operations (7.3) against the empty Marshall Islands and Truk."},
    {"id": "cps-war-05", "theme": "war-declarations", "sections": ["7.0", "7.1", "6.2", "7.2.1", "6.1", "7.4.2"], "game": "g03", "at": 16,
     "good": ["no-declaration"], "blunder": ["declare us", "declare us+commonwealth"],
     "why": "1939, the first turn. A Japanese declaration on the United States raises the Allied PP from 6 to 10 for every later turn (6.2): 20 more Allied cards over 1940-1944, five whole turns of Japan's production (6.1 caps Japan at 4), and it spares the US the cost of declaring itself (7.2.1: 4 cards in 1940, 3 in 1941) and the lower 8 PP it would then get. Japan has enough to do meanwhile against China, already at war (7.0). A declaration on the Commonwealth alone is no better now: no Commonwealth space is reachable without crossing US spaces (7.4.2), and each side declares only once (7.0)."},
    {"id": "cps-war-06", "theme": "war-declarations", "sections": ["7.1", "7.3", "6.2", "7.2.1", "4.3", "7.4.2"], "game": "g05", "at": 96,
     "good": ["declare us", "declare us+commonwealth"], "blunder": ["no-declaration"],
     "why": "1944, the last turn, and Japan holds only its 6 starting spaces: it needs 8 (4.3). Production is over, so a declaration on the US now costs nothing in Allied PP (6.2 acts at the Production Phase), and its two free Special Operations (7.3) take two empty US spaces, the Philippines and Guam. Not declaring leaves the Allies the option to declare at a cost of 0 cards (7.2.1) with their own two Special Operations against the empty Marshall Islands and Truk. (A declaration on the Commonwealth alone reaches nothing: the way south crosses US spaces, 7.4.2.)"},
    {"id": "cps-war-07", "theme": "war-declarations", "sections": ["7.3", "8.2", "4.3"], "game": "g05", "at": 97,
     "good": ["special naval"], "blunder": ["end-special"],
     "why": "Japan has just declared war on the US and the Commonwealth in 1944 with 6 spaces (4.3 asks for 8). Each of the two free Special Operations (7.3) can send a battleship from Japan to an empty US space (the Philippines, Guam, 8.2); ending them wastes the two spaces that win the game."},
    # ---------------- invasion ----------------
    {"id": "cps-inv-01", "theme": "invasion", "sections": ["7.3", "8.2", "8.2.1", "8.6", "4.3"], "game": "g05", "at": 101,
     "good": ["to Philippines", "to Guam"], "blunder": ["to Midway"],
     "why": "1944 Special Operation (7.3) with J-BB-1: the Philippines and Guam are empty US spaces the US fleet (US-CV-1/2, US-BB-1/2 at Pearl Harbor) cannot reach this turn, since naval movement halts in the Japanese Marshall Islands and Truk (8.2.1) and battleships move 2 (8.2). Midway is distance 1 from Pearl Harbor: the lone battleship would be attacked by 2 CV and 2 BB (8.6) and Midway retaken, a wasted operation and a lost ship in the last turn (4.3)."},
    # ---------------- no suicide ----------------
    {"id": "cps-sui-01", "theme": "no-suicide-attacks", "sections": ["7.3", "8.6.4", "8.7", "8.2"], "game": "g01", "at": 131,
     "good": ["to Truk"], "blunder": ["to Japan"],
     "why": "US-CV-2 alone on a Special Operation (7.3). Truk is empty and Japanese: moving there takes it. Japan holds J-CV-1, J-CV-2, J-BB-1, J-BB-2, J-BB-3 and J-Mar-1: even with the surprise fire of 8.6.4 a single carrier rolls two dice against eleven steps, and the survivors' fire sinks it or sends it to the Retreat Box (8.7) with nothing gained."},
    # ---------------- behind / ahead ----------------
    {"id": "cps-lead-01", "theme": "behind-ahead", "sections": ["4.3", "8.0", "8.2", "8.2.1"], "game": "g05", "at": 108,
     "good": ["play A1 naval", "play A2 naval", "play A6 naval", "play A9 naval", "play A10 naval"], "blunder": ["pass"],
     "why": "1944, the last turn: Japan holds 8 spaces (its six, the Philippines and Guam) and has just passed. If the Allies pass too the Operations Phase ends (8.0) and Japan wins (4.3). A naval move of the US fleet at Pearl Harbor (US-CV-1/2, US-BB-1/2) to the empty Japanese Marshall Islands (distance 2, 8.2) takes it and brings Japan down to 7."},
    {"id": "cps-lead-02", "theme": "behind-ahead", "sections": ["4.3", "9.0", "3.4", "3.5", "8.1.2"], "game": "g06", "at": 109,
     "good": ["move J-Air-1", "move J-CV-1", "move J-CV-2", "move J-BB-3", "move J-Mar-1", "move J-Inf-1"],
     "blunder": ["done", "move J-BB-1", "move J-BB-2"],
     "why": "End of Turn of 1944 with exactly 8 Japanese spaces (4.3); Japan declared, so the Allies move after it (9.0). Truk is empty and Japanese only as its original owner: US-Air-1 in the Allied Retreat Box can move to the Solomon Islands (8.1.2, 9.0), bring Truk into its range and take it (3.4, 3.5), and Japan ends with 7. Japan must first put a unit in Truk (any unit in Japan can go there through Guam) or J-Air-1 within range of it. 'done' lets the Allies win; J-BB-1 and J-BB-2 alone hold the Philippines and Guam, which would return to the US."},
    {"id": "cps-lead-07", "theme": "behind-ahead", "sections": ["4.3", "9.0", "3.4", "3.5"], "game": "g06", "at": 110,
     "good": ["to Truk", "to Guam", "to Marshall-Islands", "to Philippines"],
     "blunder": ["to Port-Arthur", "to Shanghai", "to Okinawa", "to Japanese-Retreat-Box"],
     "why": "J-Air-1's End of Turn move, 1944, Japan at exactly 8 spaces (4.3) with the Allies still to move (9.0): US-Air-1 can reach the Solomon Islands and take the empty Truk by air range (3.4, 3.5). In Truk, Guam or the Marshall Islands J-Air-1 keeps Truk Japanese (a unit in it, or both sides' air in range: the original owner, 3.4); in the Philippines it adds the empty Borneo, which the single US air unit cannot also take back. From Port Arthur, Shanghai, Okinawa or the Retreat Box it covers nothing new and Truk falls: Japan ends with 7."},
    {"id": "cps-base-01", "theme": "ports-and-bases", "sections": ["8.1", "8.2", "8.2.1", "4.3"], "game": "g05", "at": 107,
     "good": ["play J2 strategic"],
     "why": "1944 with 8 Japanese spaces (4.3). The only one the US fleet at Pearl Harbor can reach is the empty Marshall Islands (distance 2; Truk lies behind it and naval movement halts in enemy spaces, 8.2.1). J2's strategic move (8.1) carries up to three units from Japan through Guam and Truk into the Marshall Islands before the Allies act."},
    # ---------------- end of turn ----------------
    {"id": "cps-eot-01", "theme": "end-of-turn", "sections": ["9.0", "3.4", "3.5", "8.1"], "game": "g01", "at": 55,
     "good": ["move J-Air-1"],
     "why": "J-Inf-3 alone holds Kunming, a Chinese home space (2.1.2), next to three Chinese infantry in Chungking, and no Japanese unit can reach it: strategic moves go only through friendly spaces (8.1) and Guilin and Chungking are Chinese. Moving J-Air-1 first to Shanghai projects control over the empty Guilin (3.5, 3.4); then J-Vet-1 and J-Inf-1 can go on through it to Kunming and Guilin (9.0: mind the order of moves, air units change control)."},
    {"id": "cps-sup-01", "theme": "supply", "sections": ["9.0", "3.5", "8.1"], "game": "g01", "at": 56,
     "good": ["to Shanghai"],
     "why": "J-Air-1's End of Turn move (9.0). From Shanghai its control range (3.5) covers the empty Guilin, which becomes Japanese; that opens the strategic route (8.1) Shanghai-Guilin-Kunming for J-Vet-1 and J-Inf-1 still to move, and counts Guilin for Japan. Port Arthur, Okinawa and the Retreat Box reach nothing of the kind."},
    {"id": "cps-eot-03", "theme": "end-of-turn", "sections": ["9.0", "3.4", "8.6.2"], "game": "g01", "at": 58,
     "good": ["to Kunming", "to Guilin"],
     "why": "J-Vet-1 (factor 4) can now reach Kunming and Guilin through the Guilin that J-Air-1 controls (9.0). Kunming, a Chinese home, is held by the lone J-Inf-3 next to three Chinese infantry in Chungking; Guilin is held only by air range, which a unit makes solid (3.4). Japan, Port Arthur and Okinawa are not threatened at all."},
    # ---------------- card economy ----------------
    ce("cps-card-01", "g01", 37, "Allies", "A4, A5, A11 and A13 among six cards", "A4/A5 development, A4 replenishment, CBI development or replenishment of the Chinese",
       ["play A4 development", "play A4 replenish-any", "play A5 development", "play A11 cbi", "play A13 cbi"], ["play A1 naval", "play A9 naval", "play A9 strategic"]),
    ce("cps-card-02", "h10", 356, "Allies", "A4 and A8 among five cards (A4, A6, A8, A9, A15)", "A4/A8 development of the US infantry or air unit in the pool, A4 replenishment of the reduced CW-Inf-1 or CW-Inf-2",
       ["play A4 development", "play A4 replenish-any", "play A8 development"], ["play A6 naval", "play A8 strategic", "play A9 naval", "play A9 strategic", "play A15 cbi"]),
    ce("cps-card-03", "h109", 114, "Japan", "J1 (its last card)", "J1 development of J-Mar-2, J-Inf-4, a veteran or J-Air-2 from the pool, or its naval replenishment",
       ["play J1 development", "play J1 replenish-navy"], ["play J1 naval"]),
    ce("cps-card-04", "h101", 186, "Allies", "six cards (A6, A8, A11, A12, A14, A16)", "A8 development of a US unit from the pool (US-BB-4, infantry, US-Mar-1, US-Air-2); the CBI cards can develop or replenish Chinese and Commonwealth units",
       ["play A8 development"], ["play A6 naval", "play A8 strategic", "play A11 cbi", "play A12 cbi", "play A14 cbi"]),
    ce("cps-card-05", "h110", 134, "Allies", "A5, A8 and A12", "A5/A8 development of US units from the pool (two CV, two BB, infantry, air); A12 can develop CH-Inf-4 or the Flying Tigers",
       ["play A5 development", "play A8 development"], ["play A8 strategic", "play A12 cbi"]),
    ce("cps-card-06", "h126", 210, "Allies", "A4, A13 and A16", "A4 development of a US unit from the pool; A13 can replenish one of the reduced Commonwealth units",
       ["play A4 development"], ["play A13 cbi"]),
    ce("cps-card-07", "h110", 37, "Japan", "four cards (J2, J3, J5, J8)", "J3 development of a unit from the pool (J-Inf-4, the veterans), J3/J5 replenishment of the reduced J-Inf-1",
       ["play J3 development", "play J3 replenish-army", "play J5 replenish-any"], ["play J2 naval", "play J2 strategic", "play J3 ground", "play J5 naval", "play J8 ground", "play J8 strategic"]),
]

HITS = [
    hit_firer("cps-hit-01", "h100", 435, "J-BB-3", "J-BB-4", "the Philippines", "B"),
    hit_firer("cps-hit-02", "h114", 201, "US-BB-2", "US-BB-1", "Dutch Harbor", "B"),
    hit_firer("cps-hit-03", "h154", 348, "J-CV-3", "J-CV-2", "Truk", "A"),
    hit_firer("cps-hit-04", "h133", 434, "J-Inf-3", "J-Inf-2", "Rangoon", "C"),
    hit_receiver("cps-hit-05", "h10", 449, "J-BB-3", "J-BB-2", "the Philippines", "A"),
    hit_receiver("cps-hit-06", "h113", 124, "CH-Inf-2", "CH-Inf-1", "Chungking", "C"),
    hit_receiver("cps-hit-07", "h175", 129, "US-BB-1", "US-BB-2", "Midway", "A"),
]
POSITIONS += HITS

MORE = [
    # ---------------- no suicide (from heuristic self-play) ----------------
    {"id": "cps-sui-02", "theme": "no-suicide-attacks", "sections": ["8.2", "8.6", "8.6.5", "8.7"], "game": "h107", "at": 325,
     "good": ["to Pearl-Harbor", "to Midway"], "blunder": ["to Japan"],
     "why": "US-BB-2 alone from Dutch Harbor. Japan holds J-CV-1, J-CV-3, J-BB-1 with J-Inf-1 and both veterans: the carriers fire first (priority A, 8.6.3) on the lone battleship, the naval hits cannot be passed to the infantry anyway (8.6.5 (4)) and a survivor goes to the Retreat Box (8.7). Pearl Harbor and Midway are friendly and safe (8.2)."},
    {"id": "cps-sui-03", "theme": "no-suicide-attacks", "sections": ["8.2", "8.6", "8.6.5", "8.7"], "game": "h10", "at": 179,
     "good": ["to Borneo"], "acceptable": ["to Calcutta", "to Rangoon", "to Townsville", "to Ceylon", "to Java", "to New-Guinea"], "blunder": ["to Philippines"],
     "why": "US-CV-1 alone from Singapore. The Philippines hold J-BB-2, J-BB-3, J-Mar-1 and J-Inf-3 (seven steps): two dice against that stack, whose battleships then fire on the carrier (8.6.3); even a lucky carrier cannot eliminate the infantry with naval hits (8.6.5 (4)) and so cannot win the space (8.7). Borneo joins US-BB-1 next to the Japanese stack and keeps the oil from Japan (6.4); the other friendly spaces are safe (8.2)."},
    {"id": "cps-sui-04", "theme": "no-suicide-attacks", "sections": ["8.2", "8.2.1", "8.6", "8.7"], "game": "h106", "at": 129,
     "good": ["to Marshall-Islands"], "blunder": ["to Midway", "to Dutch-Harbor"],
     "why": "US-CV-1 alone from Pearl Harbor. Midway holds J-CV-1, J-BB-1 and J-Mar-1, Dutch Harbor J-CV-2, J-BB-2 and J-BB-3: a single carrier (2 dice, 8.6.2) cannot clear either stack and is sunk or sent to the Retreat Box (8.7). The Marshall Islands are empty and Japanese: the carrier stops there (8.2.1) and takes them."},
    {"id": "cps-sui-05", "theme": "no-suicide-attacks", "sections": ["8.2", "8.6", "8.6.5", "8.7"], "game": "h110", "at": 410,
     "good": ["to Truk", "to Samoa", "to Solomon-Islands"], "blunder": ["to New-Guinea"],
     "why": "CW-BB-1, reduced to one step with factor 2, from Townsville (1944). New Guinea holds J-CV-1, J-CV-2 and J-BB-1 (six steps): the carriers fire first (8.6.3) and one hit sinks it for nothing (8.7). Java holds only J-Inf-3, which naval hits cannot eliminate (8.6.5 (4)). Truk, Samoa and the Solomon Islands are friendly and safe (8.2)."},
    {"id": "cps-sui-06", "theme": "no-suicide-attacks", "sections": ["8.2", "8.6", "8.6.5", "8.7"], "game": "h100", "at": 42,
     "good": ["to Japan", "to Port-Arthur", "to Okinawa", "to Dutch-Harbor"], "blunder": ["to Marshall-Islands"],
     "why": "J-CV-1 alone from Midway (1939). The whole US fleet, US-CV-1, US-CV-2, US-BB-1 and US-BB-2 (eight steps), is in the Marshall Islands: its carriers fire at priority A with the Japanese one and its battleships after (8.6.3); the carrier is lost for nothing (8.7). Pearl Harbor holds only US-Inf-1, which naval hits cannot eliminate (8.6.5 (4)). Japan, Port Arthur, Okinawa and Dutch Harbor are friendly."},
    # ---------------- invasion (from heuristic self-play) ----------------
    {"id": "cps-inv-02", "theme": "invasion", "sections": ["4.2", "8.2", "8.2.1", "8.6.7"], "game": "h110", "at": 436,
     "good": ["to Japan"], "blunder": ["to New-Guinea"],
     "why": "1944: the Japan space is empty and Japan has no card left. US-CV-2 from Guam reaches it (distance 2, 8.2), stops there (8.2.1) and takes it; the Allies win at the end of the turn if they control Japan (4.2). New Guinea holds J-CV-1, J-CV-2 and J-BB-1: a lone carrier there is lost."},
    {"id": "cps-inv-03", "theme": "invasion", "sections": ["4.2", "8.2", "8.2.1", "8.6"], "game": "h111", "at": 196,
     "good": ["to Japan"], "blunder": ["to Okinawa"],
     "why": "1941: the Japan space is empty, its fleet in Okinawa. US-CV-2 from Guam reaches Japan (distance 2, 8.2) and takes it (8.2.1): Japan must spend an operation to retake its home or lose the game at the end of the turn (4.2). Okinawa holds J-CV-2, J-CV-3, J-BB-1, J-BB-2 and two infantry: a lone carrier attacking it (8.6) is lost."},
    {"id": "cps-inv-04", "theme": "invasion", "sections": ["8.2", "8.2.1", "6.4", "4.3", "8.6.5"], "game": "h102", "at": 384,
     "good": ["to Borneo", "to New-Guinea"], "blunder": ["to Singapore", "to Townsville"],
     "why": "1944, J-CV-1 (reduced) from Java. Borneo and New Guinea are empty Allied spaces: the carrier stops there (8.2.1) and takes one, a space more for the count (4.3); Borneo also gives Resource Points (6.4). Singapore (CW-Inf-4) and Townsville (US-Inf-1, CW-Inf-3) hold only ground units, which naval hits can reduce but never eliminate (8.6.5 (4)), while they fire back at the one-step carrier: it cannot win either space."},
    {"id": "cps-inv-05", "theme": "invasion", "sections": ["4.1", "8.2", "8.2.1", "3.4", "3.5"], "game": "h99", "at": 298,
     "good": ["to Pearl-Harbor"], "blunder": ["to Guam"],
     "why": "1942: Japan controls Chungking, a Chinese home space. Pearl Harbor, a US home, is empty and out of the range of US-Air-1 at Samoa (distance 2, 3.5). J-CV-2 from Japan takes it (8.2.1): Japan then controls two Allied home spaces of different colours and wins at the end of the turn (4.1); no US ship can reach Pearl Harbor this turn. Guam holds US-CV-1 and three Chinese infantry: a lone carrier there achieves nothing."},
    {"id": "cps-inv-06", "theme": "invasion", "sections": ["8.2", "8.2.1", "4.3", "8.6.5"], "game": "h65", "at": 232,
     "good": ["to Samoa"], "blunder": ["to Truk"],
     "why": "J-CV-1, reduced, from Midway (1942). Samoa, a US home, is empty: the carrier stops there (8.2.1) and takes it, a space more for Japan (4.3). Truk holds US-BB-2, US-Inf-1 and CH-Inf-2: the one-step carrier is sunk by the battleship and cannot eliminate the infantry with naval hits anyway (8.6.5 (4)); Dutch Harbor holds only a Chinese infantry, out of its reach for the same reason."},
    {"id": "cps-inv-07", "theme": "invasion", "sections": ["4.2", "8.2", "8.2.1", "8.6.5"], "game": "h9", "at": 374,
     "good": ["to Japan"], "blunder": ["to Okinawa", "to Borneo"],
     "why": "1943: the Japan space is empty. US-BB-1 from Guam reaches it (distance 2, 8.2) and takes it (8.2.1): Japan must retake its home this turn or lose at its end (4.2). Okinawa (J-CV-1 and two ground units) and Borneo (J-CV-3, J-Mar-1, J-Inf-2, J-Vet-1) cannot be won by a lone battleship: naval hits never eliminate the ground units (8.6.5 (4))."},
]
POSITIONS += MORE

EOT = [
    {"id": "cps-eot-04", "theme": "end-of-turn", "sections": ["9.0", "3.4", "4.3"], "game": "h104", "at": 392,
     "good": ["done"], "blunder": ["move J-BB-3", "move J-Mar-1", "move J-Inf-2"],
     "why": "End of Turn of 1944; the Allies have already moved (they declared war, so they go first, 9.0), so Japan's moves are the last of the game. Japan controls exactly 8 spaces (4.3): Japan, Port Arthur, Shanghai, Okinawa, Kunming, Guilin, the Philippines and Guam. J-BB-3 alone holds Guam, J-Mar-1 alone Kunming and J-Inf-2 alone Guilin, with no Japanese air unit in range: a space they leave returns to its original owner (3.4) and Japan ends with 7."},
    {"id": "cps-eot-05", "theme": "end-of-turn", "sections": ["9.0", "3.4", "4.3"], "game": "h107", "at": 466,
     "good": ["done"], "blunder": ["move CH-Inf-2"],
     "why": "End of Turn of 1944, the Allied moves last (Japan declared, 9.0). Japan controls 7 spaces and needs 8 (4.3). CH-Inf-2 alone holds Shanghai, a Japanese space: if it moves, Shanghai returns to Japan (3.4) and Japan wins with 8."},
    {"id": "cps-eot-06", "theme": "end-of-turn", "sections": ["9.0", "3.4", "4.3"], "game": "h122", "at": 441,
     "good": ["done"], "blunder": ["move US-BB-1"],
     "why": "End of Turn of 1944, the Allied moves last (9.0). Japan controls 7 spaces and needs 8 (4.3). US-BB-1 alone holds Truk, a Japanese space: moving it gives Truk back to Japan (3.4) and the game with it."},
    {"id": "cps-lead-03", "theme": "behind-ahead", "sections": ["9.0", "3.4", "4.3"], "game": "h105", "at": 439,
     "good": ["done"], "blunder": ["move J-CV-3", "move J-BB-2", "move J-Mar-1", "move J-Inf-2"],
     "why": "Japan is ahead at the last move of the game (End of Turn of 1944, the Allies moved first, 9.0): it controls exactly 8 spaces (4.3). J-CV-3 alone holds the Philippines, J-BB-2 Guam, J-Mar-1 Guilin and J-Inf-2 Kunming: any of them moving hands that space back to its Allied owner (3.4) and the game with it. Nothing needs to move."},
    {"id": "cps-lead-04", "theme": "behind-ahead", "sections": ["9.0", "3.4", "4.3"], "game": "h125", "at": 560,
     "good": ["done"], "blunder": ["move CW-Inf-1", "move CW-Inf-3"],
     "why": "The Allies are ahead at the last move of the game (their End of Turn of 1944, after Japan's, 9.0): Japan controls 7 spaces and needs 8 (4.3). CW-Inf-1 alone holds the Marshall Islands and CW-Inf-3 alone holds Shanghai, both Japanese spaces: either one leaving returns it to Japan (3.4), which then wins."},
    {"id": "cps-lead-05", "theme": "behind-ahead", "sections": ["9.0", "3.4", "4.3"], "game": "h21", "at": 526,
     "good": ["done"], "blunder": ["move US-CV-1", "move US-BB-1"],
     "why": "The Allies are ahead at the last move of the game (End of Turn of 1944, Japan moved first, 9.0): Japan controls 7 spaces, one short of 8 (4.3). US-CV-1 alone holds the Marshall Islands and US-BB-1 alone holds Truk; either leaving returns a Japanese space to Japan (3.4) and loses."},
]
POSITIONS += EOT

BORNEO_WHY = ("Japanese End of Turn ({year}). {unit} alone holds Borneo, and no Japanese air unit is in range of it "
              "(3.5): if it moves, Borneo returns to the Commonwealth, its original owner (3.4). Japan must control "
              "Borneo at the start of the next Operations Phase to get its two Resource Points, free strategic, naval or "
              "ground moves (6.4), and the strategic trace from Borneo to Japan through Japanese spaces that they need is open now. "
              "Nothing forces a move (9.0).")


def borneo(pid, game, at, year, unit):
    return {"id": pid, "theme": "supply", "sections": ["6.4", "9.0", "3.4", "3.5"], "game": game, "at": at,
            "good": ["done"], "acceptable": [], "blunder": ["move " + unit],
            "why": BORNEO_WHY.format(year=year, unit=unit)}


LAST = [
    borneo("cps-sup-02", "h116", 167, 1940, "J-CV-1"),
    borneo("cps-sup-03", "h127", 287, 1942, "J-BB-2"),
    borneo("cps-sup-04", "h131", 137, 1940, "J-Mar-1"),
    borneo("cps-sup-05", "h6", 183, 1941, "J-CV-2"),
    borneo("cps-sup-06", "h9", 201, 1941, "J-BB-1"),
    {"id": "cps-eot-07", "theme": "end-of-turn", "sections": ["9.0", "3.4", "3.5", "4.3"], "game": "h112", "at": 366,
     "good": ["done"], "blunder": ["move J-Vet-1"],
     "why": "End of Turn of 1944 and the last move of the game (the Allies declared war and moved first, 9.0). Japan controls exactly 8 spaces (4.3). J-Vet-1 alone holds Guilin, out of the range of J-Air-1 in the Philippines (3.5): if it moves, Guilin returns to China (3.4) and Japan ends with 7."},
    {"id": "cps-lead-06", "theme": "behind-ahead", "sections": ["9.0", "3.4", "4.3"], "game": "h150", "at": 469,
     "good": ["done"], "blunder": ["move US-Inf-1"],
     "why": "The Allies are ahead at the last move of the game (their End of Turn of 1944, after Japan's, 9.0): Japan controls 7 spaces and needs 8 (4.3). US-Inf-1 alone holds Truk, a Japanese space; if it leaves, Truk returns to Japan (3.4) and Japan wins."},
    {"id": "cps-base-02", "theme": "ports-and-bases", "sections": ["8.6.7", "3.4", "3.5", "4.1", "8.3"], "game": "h105", "at": 174,
     "good": ["to Chungking"], "acceptable": ["to Kunming"], "blunder": ["to Shanghai"],
     "why": "CH-Inf-3 moves from Guilin (8.3). Chungking, a Chinese home, is held by J-Air-1 alone: a ground unit entering a space with only enemy air units eliminates them without combat (8.6.7) and retakes the home; the empty Kunming, Japanese only through that air unit's range (3.5, 3.4), returns to China with it. That takes away a home Japan needs for a sudden victory (4.1). Shanghai holds J-CV-1, J-BB-3 and J-Inf-1: a reduced Chinese infantry attacking at factor 1 is lost."},
    {"id": "cps-base-03", "theme": "ports-and-bases", "sections": ["8.6.7", "3.4", "3.5", "8.3"], "game": "h192", "at": 357,
     "good": ["to Guilin"], "acceptable": ["to Kunming", "to Shanghai"],
     "why": "A Chinese infantry moves from Chungking (8.3). Guilin is held by the reduced J-Air-1 alone: entering it eliminates the air unit without combat (8.6.7) and retakes Guilin, and the empty Kunming, Japanese only through that unit's range (3.5, 3.4), goes back to China too. Kunming or the empty Shanghai take one space; Guilin takes two and removes Japan's only air unit."},
    {"id": "cps-base-04", "theme": "ports-and-bases", "sections": ["3.4", "3.5", "8.2", "8.2.1", "4.3"], "game": "h173", "at": 398,
     "good": ["to Pearl-Harbor"],
     "why": "1944, the US fleet at Samoa. Pearl Harbor, a US home and port, is empty and Japanese only through the range of J-Air-1 at Midway (3.5, 3.4). Moving there (8.2, halting in it, 8.2.1) retakes it and takes a space from Japan's count for the end of 1944 (4.3)."},
    {"id": "cps-base-05", "theme": "ports-and-bases", "sections": ["3.4", "3.5", "8.2", "4.1"], "game": "h142", "at": 338,
     "good": ["to Pearl-Harbor"],
     "why": "The US ships at Samoa. Pearl Harbor, a US home, is empty and held for Japan only by the range of J-Air-1 at Midway (3.5, 3.4): moving in (8.2) retakes it, the home space Japan needs with another colour's for a sudden victory (4.1)."},
    {"id": "cps-base-06", "theme": "ports-and-bases", "sections": ["4.1", "3.4", "3.5", "8.2"], "game": "h24", "at": 285,
     "good": ["to Pearl-Harbor"],
     "why": "1942: Japan controls Kunming (J-Inf-2), a Chinese home, and Pearl Harbor, a US home held only by the range of J-Air-1 at Midway (3.5, 3.4): two Allied homes of different colours, a Japanese sudden victory at the end of the turn (4.1). US-CV-1 and US-BB-2 from the Marshall Islands can retake Pearl Harbor now (8.2)."},
]
POSITIONS += LAST


def eot_last(pid, game, at, unit, space, count_line):
    return {"id": pid, "theme": "end-of-turn", "sections": ["9.0", "3.4", "3.5", "4.3"], "game": game, "at": at,
            "good": ["done"], "blunder": ["move " + unit],
            "why": ("End of Turn of 1944 and the last move of the game (the Allies declared war, so they moved first, "
                    f"9.0). Japan controls exactly 8 spaces ({count_line}), the 8 it needs (4.3). {unit} alone holds "
                    f"{space}, out of the range of any Japanese air unit (3.5): if it moves, {space} returns to its "
                    "Allied owner (3.4) and Japan ends with 7.")}


EXTRA = [
    eot_last("cps-eot-08", "h1", 401, "J-Inf-3", "Chungking", "Japan, Port Arthur, Shanghai, Okinawa, Truk, Chungking, the Philippines, Guam"),
    eot_last("cps-eot-09", "h170", 444, "J-BB-2", "Guam", "Japan, Port Arthur, Shanghai, Okinawa, Pearl Harbor, Midway, Dutch Harbor, Guam"),
    eot_last("cps-eot-10", "h35", 393, "J-Vet-1", "the Philippines", "Japan, Port Arthur, Shanghai, Okinawa, Truk, Chungking, the Philippines, Guam"),
    hit_firer("cps-hit-08", "h145", 116, "J-BB-3", "J-BB-1", "Pearl Harbor", "B"),
    hit_receiver("cps-hit-09", "x41", 337, "J-Inf-3", "J-Inf-2", "Kunming", "D"),
]
POSITIONS += EXTRA
