// What simulated recipients answer: the short, mixed-language replies a business in India actually gets, including
// the opt-out keyword, so inbox, opt-out and report flows have something real to chew on.
export const REPLY_TEXTS: readonly string[] = [
  "Yes, please",
  "Thanks!",
  "STOP",
  "What time do you open today?",
  "Please call me back",
  "Is this offer still valid?",
  "Ok 👍",
  "Not interested",
  "How much is the delivery charge?",
  "Kal tak deliver ho jayega?",
  "धन्यवाद",
  "Please send more details",
  "Where is my order?",
  "Can I reschedule my appointment?",
  "Received, thank you",
];
