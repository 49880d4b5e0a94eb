export class BoutCombatant extends Combatant {}
