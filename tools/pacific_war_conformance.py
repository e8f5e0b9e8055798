import re, os, glob, json
# Drafts docs/pacific-war.md (the conformance table) from the manual's headings, the section
# numbers cited in src/games/pacific_war and the tests; hand-checked rows are in OV below.
# Run: python3 tools/pacific_war_conformance.py > /dev/null
root=os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
man=open(os.environ.get('PACWAR_MANUAL', '/work/shared/rules/the-pacific-war-manual-v4.md')).read().split('\n')
heads=[]
for i,l in enumerate(man):
    if i<200: continue
    m=re.match(r'^#+\s*\**\s*(\d+\.\d+(?:\.\d+)?)\s+(.*?)\**\s*$', l)
    if m:
        n,t=m.group(1),m.group(2).strip('* ')
        maj=int(n.split('.')[0])
        if 3<=maj<=15: heads.append((n,t))
# fix the manual's misnumbered 8.12 sub-rules
fixed=[]
for n,t in heads:
    if n=='8.10.1' and 'Emergency' in t: fixed.append(('8.12 (printed 8.10.1)',t)); continue
    if n=='8.10.2' and 'Counterattack' in t: fixed.append(('8.12 (printed 8.10.2)',t)); continue
    if n=='12.2' and t.startswith('Bases Controlled'): fixed.append(('12.2 (second)',t)); continue
    fixed.append((n,t))
heads=fixed
src=[f for f in glob.glob(root+'/src/games/pacific_war/*.cc')+glob.glob(root+'/src/games/pacific_war/*.h') if not f.endswith('_test.cc')]
tests=glob.glob(root+'/src/games/pacific_war/*_test.cc')
srctext={f:open(f).read() for f in src}
testnames=[]
testblocks=[]
for f in tests:
    txt=open(f).read()
    ms=list(re.finditer(r'TEST\((\w+),\s*(\w+)\)', txt))
    for i,m in enumerate(ms):
        testnames.append((m.group(1),m.group(2),os.path.basename(f)))
        # the comment block above the test and its body
        start=txt.rfind('\n\n',0,m.start())
        end=txt.rfind('\n\n',0,ms[i+1].start()) if i+1<len(ms) else len(txt)
        if end<=m.start(): end=ms[i+1].start() if i+1<len(ms) else len(txt)
        testblocks.append((m.group(1)+'.'+m.group(2), txt[max(0,start):end]))
rulings=open(root+'/docs/rulings.md').read()
rul_items=re.findall(r'^(\d+)\. \*\*(.*?)\*\*', rulings, re.M)
def key(n): return n.split(' ')[0]
rows=[]
for n,t in heads:
    k=key(n)
    pat=re.compile(r'(?<![\d.])'+re.escape(k)+r'(?![\d])')
    files=sorted({os.path.basename(f) for f,txt in srctext.items() if pat.search(txt)})
    us='_'+k.replace('.','_')
    tl=[]
    for suite,name,f in testnames:
        s=suite+'.'+name
        if re.fullmatch(r'[A-Za-z]+'+us, suite) or re.search(r'[A-Za-z]'+us+'$', name):
            tl.append(f'`{s}`')
        elif k.endswith('.0') and suite.endswith('_'+k.split('.')[0]+'_0'):
            tl.append(f'`{s}`')
    for name,block in testblocks:
        if pat.search(block) and f'`{name}`' not in tl: tl.append(f'`{name}`')
    # rulings citing this section
    rl=[num for num,title in rul_items if re.search(r'(?<![\d.])'+re.escape(k)+r'(?![\d])', title)]
    rows.append((n,t,files,sorted(set(tl)),rl))
json.dump(rows,open('/tmp/conf/rows.json','w'),indent=0)
nt=sum(1 for r in rows if not r[3])
print(len(rows),'rows,',nt,'without test')
for r in rows:
    print(r[0],'|',r[1][:40],'|',','.join(r[2])[:60],'|',len(r[3]),'|',r[4])

OV = {
 '3.0': ('', [], 'not applicable (introduction)'),
 '3.1': ('data/pacific-war/map.json, content_loader.cc, paths.cc', ['ContentMap.ElevenPortsAndElevenBases','ContentMap.JapanToMidwayCostsTwo','ContentMap.TwoRestrictedRoutesWithNavPoints'], None),
 '3.2': ('state.cc (chance outcomes 1-6), engine/rng.h', ['Combat_9_5.CombatExampleOneMidway'], 'implemented (every die a chance event, scripted in tests)'),
 '4.0': ('', [], 'not applicable (heading)'),
 '4.1': ('data/pacific-war/units.json, content_loader.cc', ['ContentUnits.CountsPerSide','ContentUnits.SpotChecksFromTheCountersheet'], None),
 '4.1.1': ('', [], 'not applicable (flavour)'),
 '4.1.2': ('units.json `capital`, content_loader.cc', ['Strategy_8_6.ResupplyAtABaseReadiesOnlyNonCapitalShips','SetUp_14_2.JapaneseCapitalShipsOnlyAtPorts'], None),
 '4.1.3': ('units.json, combat_9.cc `airstrike_strength`', ['Combat_9_5.CombatExampleOneMidway'], None),
 '4.1.4': ('units.json, combat_9.cc `gunnery_strength`', ['Combat_9_5.CombatExampleOneMidway'], None),
 '4.1.5': ('units.json, combat_9.cc (damage)', ['Combat_9_2_5.OklahomaRepairTurns','Combat_9_2_5.HeavyArmor'], None),
 '4.1.6': ('units.json, movement_8_10.cc', ['Movement_8_10.ExampleOfMovementHyugaAndKumano','Movement_8_10.SpeedZeroShipsEnterOnlyEnemyFreeOzs'], None),
 '4.1.7': ('units.json `code`, setup_14.cc, reinforcements_6.cc', ['ContentUnits.JapaneseSetUpCodes','ContentUnits.LetterCodesPlaceUnits'], None),
 '4.2': ('view.cc, render_text.cc (markers shown)', ['RenderText.HeaderNamesTurnPhaseVpRoutesAndFleetTrain'], 'implemented (markers are state, shown in views)'),
 '4.2.1': ('card_state.h (strategic events used)', ['Strategy_8_3_1.KuritaInterruption'], None),
 '4.2.2': ('strategy_8.cc', ['Strategy_8_2.LongExampleOfInitiative'], None),
 '4.2.3': ('state.h `move.mp`', ['Reaction_8_12.PursuitAfterEvacuationUsesTheMpLeft'], None),
 '4.2.4': ('strategy_8.cc, paths.cc (`route_open`)', ['Strategy_8_8.OpeningTheRestrictedRoutes'], None),
 '4.3': ('data/pacific-war/cards.json, cards_7.cc', ['ContentCards.SixteenDoubleEndedCards'], None),
 '4.4': ('strategy_8.cc (actions bought with a card)', ['Strategy_8_2.LongExampleOfInitiative','Strategy_8_6.ResupplyAtAPortReadiesEveryShip'], None),
 '6.0': ('reinforcements_6.cc', ['Reinforcements_6_1.EachNationArrivesAtItsPort'], None),
 '6.1.1': ('reinforcements_6.cc', ['Reinforcements_6_1.EachNationArrivesAtItsPort'], None),
 '6.1.4': ('reinforcements_6.cc', ['Reinforcements_6_1.EachNationArrivesAtItsPort'], None),
 '6.1.5': ('reinforcements_6.cc', ['Reinforcements_6_1.EachNationArrivesAtItsPort','Reinforcements_6_1_7.RepairsAtAnEnemyPort'], None),
 '6.2.1': ('reinforcements_6.cc', ['Reinforcements_6_2.BritishWithdrawals'], None),
 '8.0': ('strategy_8.cc', ['Strategy_8_2.LongExampleOfInitiative'], None),
 '8.1': ('strategy_8.cc', ['Strategy_8_2.BothPassAfterTheDiceEndsThePhase'], None),
 '8.2.1': ('state.h `active`, combat_9.cc `attacker`', ['Combat_9_5.CombatExampleOneMidway'], None),
 '8.5': ('events_8_5.cc, card_effects.cc', ['CardEvents_8_4.NoEventsOnTurnZero','CardEnds.J15AndA15CancelTheAction'], None),
 '8.9.1': ('movement_8_10.cc', ['Movement_8_10.ExampleOfMovementHyugaAndKumano','Movement_8_9_2.ReturnToPortKeepsTheSideUpAndAvoidsEnemyControl'], None),
 '9.3': ('combat_9.cc `next_fire` (order, `mods.first`)', ['CardEvents_9_0_2.ExampleTwoMidwayCoralSeaTanakaEsperance','Combat_9_5.CombatExampleOneMidway'], 'ruling 50'),
 '9.1.2': ('combat_9.cc', ['Combat_9_5.CombatExampleOneMidway','Combat_9_5.CombatExampleTwoPhilippinesAndBorneo'], None),
 '9.1.3': ('combat_9.cc', ['Combat_9_5.CombatExampleTwoPhilippinesAndBorneo'], None),
 '9.2.1': ('combat_9.cc `fire_column`, crt.json', ['Combat_9_5.CombatExampleOneMidway','ContentCrt.FixedCells'], None),
 '9.2.2': ('combat_9.cc `fire_column`, combat_cards_9_0_1.cc', ['Combat_9_5.CombatExampleOneMidway','ContentCrt.ColumnsAndShifts','CardEnds.A14ShiftsTheJapaneseAirstrikeLeft'], None),
 '9.2.3': ('combat_9.cc, crt.json', ['Combat_9_5.CombatExampleOneMidway','ContentCrt.HitsNeverDecreaseWithDieOrStrength'], None),
 '9.5.2': ('combat_9.cc', ['Combat_9_5.CombatExampleOneMidway'], None),
 '9.5.3': ('retreat_9_5.cc', ['Combat_9_5.CombatExampleTwoPhilippinesAndBorneo','Reaction_8_12.ExampleTwoEmergencyEvacuationFromSamoa'], None),
 '10.0': ('supply_10.cc', ['Supply_10_4.ReturnToPortAndRedeploymentOfEveryUnit'], None),
 '10.6': ('victory_11.cc', ['Victory_11_0.VictoryPointExample'], 'implemented (the calculation is 11.0\'s)'),
 '12.0': ('control_12.cc `update_control`', ['Control_12_3_3.ExampleOfControl'], None),
 '12.3.2': ('supply_10.cc `capture_port`, control_12.cc', ['Supply_10_2.PortInvasionWithACardForSingapore'], None),
 '14.0': ('setup_14.cc', ['SetUp_14_1.AlliedSetUpChoicesAndFixedPlacements'], None),
 '15.0': ('optional_15.cc, options.cc', ['Optional_15_3.AlliesAdditionallyWeakened'], None),
}
RULING_VERDICT = {'8.10':'ruling 9 (kept: the manual contradicts itself)', '9.1.1':'ruling 14', '9.5.1':'ruling 19', '7.0':'ruling 56', '12.2':'rulings 24, 26, 57', '12.2 (second)':'rulings 24, 26, 57', '9.0.1':'ruling 47', '10.1':'ruling 20', '7.1':'implemented (ruling 46 re-decided)', '15.2':'implemented (ruling 46 re-decided)', '9.5.3':'rulings 20, 22', '8.9':'implemented; ruling 9 (kept)', '13.2':'ruling 36'}
out=[]
out.append('''# The Pacific War: conformance table

Every numbered rule and sub-rule of sections 3-15 of the manual (v4.0), and every card end,
with the code that implements it, the tests that check it (`Suite.Test` in
`src/games/pacific_war/*_test.cc`) and a verdict: *implemented*, *ruling N* (a choice listed in
`docs/rulings.md`) or *not applicable*. Code is named by file (`src/games/pacific_war/` unless
a path is given) and, where useful, function. A test is listed when its name or its comment
cites the section, or when it plays the manual's example for it. The table was drafted by a
script over the sources (section numbers in comments and test names) and checked by hand
(issue 13).

| § | Rule | Code | Tests | Verdict |
|---|---|---|---|---|''')
count_no=0
for n,t,files,tl,rl in rows:
    k=n
    code=', '.join(files[:4])+(' …' if len(files)>4 else '')
    verdict=None
    if k in OV:
        c2,t2,v=OV[k]
        if c2: code=c2
        for x in t2:
            if f'`{x}`' not in tl: tl=tl+[f'`{x}`']
        verdict=v
    tests_s=', '.join(tl[:4])+(f' (+{len(tl)-4})' if len(tl)>4 else '')
    if verdict is None:
        verdict = RULING_VERDICT.get(k) or ('rulings '+', '.join(rl) if rl else 'implemented')
    if not tl and not verdict.startswith('not applicable'):
        count_no+=1; tests_s='**none**'
    if not tl and verdict.startswith('not applicable'): tests_s='—'
    out.append(f'| {n} | {t} | {code} | {tests_s} | {verdict} |')
# cards
cards=json.load(open(root+'/data/pacific-war/cards.json'))['cards']
ends=[]
for c in cards:
    for side in ('japanese','allied'):
        e=c.get(side)
        if e: ends.append(e)
ends.sort(key=lambda e:(e['id'][0]!='J', e['id']))
alltests=[(name,block) for name,block in testblocks]
out.append('''
## Card ends

Effects are data (`data/pacific-war/cards.json`, `event`) run by `card_effects.cc`, offered by
`events_8_5.cc` and `combat_cards_9_0_1.cc`. A test is listed when it plays the end.

| End | Name | Effect | Tests | Verdict |
|---|---|---|---|---|''')
for e in ends:
    pe=re.compile(r'"(event|initiative) '+e['id']+r'\b|"lose '+e['id'])
    tl=[f'`{n}`' for n,b in alltests if re.search(r'"event '+e['id']+r'\b', b) or e['id'] in n]
    eff=', '.join(x['type'] for x in e['event']['effects'])
    ts=', '.join(tl[:3])+(f' (+{len(tl)-3})' if len(tl)>3 else '') if tl else '**none**'
    if not tl: count_no+=1
    v='implemented'+(' (Strategic Event, ruling 47)' if e.get('strategic_event') else '')
    if e['id'] in ('J02','A05','A13'): v='implemented, ruling 59'
    out.append(f"| {e['id']} | {e['name']} | {eff} | {ts} | {v} |")
out.append(f'''
Rows without a test of their own: {count_no}.''')
open(root+'/docs/pacific-war.md','w').write('\n'.join(out)+'\n')
print('rows without test:',count_no)
