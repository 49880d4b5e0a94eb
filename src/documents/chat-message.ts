export class BoutChatMessage extends ChatMessage {}
