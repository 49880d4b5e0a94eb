export class BoutItem extends Item {}
