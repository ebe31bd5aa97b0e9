import type { TemplateIntent } from "./types";

// Intents every marketplace template starts with: hello, thanks and goodbye, and asking for a person.

export const GREETING: TemplateIntent = {
  name: "greeting",
  description: "The customer says hello",
  action: "template",
  response: "Hello! I'm {{agent}}, the virtual assistant of {{company}}. How can I help you today?",
  examples: [
    "hi",
    "hello",
    "hey there",
    "good morning",
    "good evening",
    "hi, anyone there?",
    "hello, I have a question",
    "namaste",
    "hii",
    "hey",
    "good afternoon team",
    "hello, is this the support number?",
    "hi good day",
    "yo",
  ],
};

export const THANKS: TemplateIntent = {
  name: "thanks_goodbye",
  description: "The customer thanks or says goodbye",
  action: "template",
  response: "You're welcome! If there's anything else, just write here. Have a great day.",
  examples: [
    "thanks",
    "thank you so much",
    "thanks a lot, that helps",
    "ok thank you bye",
    "great, thanks",
    "that's all, bye",
    "cheers",
    "thank you for your help",
    "perfect thanks",
    "dhanyavad",
    "shukriya",
    "got it, thanks",
    "appreciate it",
    "goodbye",
    "see you",
  ],
};

export const HUMAN: TemplateIntent = {
  name: "talk_to_human",
  description: "The customer wants a person, not a bot",
  action: "handoff",
  response: "",
  examples: [
    "I want to talk to a human",
    "connect me to an agent",
    "can I speak with a real person",
    "let me talk to customer care",
    "transfer me to a representative",
    "I need to speak to someone",
    "is there a person I can chat with",
    "call me back please",
    "I don't want to talk to a bot",
    "get me your manager",
    "put me through to support staff",
    "can someone from your team call me",
    "talk to executive",
    "human please",
  ],
};
