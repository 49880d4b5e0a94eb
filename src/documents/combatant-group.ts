export class BoutCombatantGroup extends CombatantGroup {}
