export class BoutActor extends Actor {}
