export class BoutCombat extends Combat {}
