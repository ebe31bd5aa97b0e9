import { GREETING, HUMAN, THANKS } from "./shared-intents";
import type { MarketplaceTemplate } from "./types";

/** A knowledge-first agent: few intents; anything else is answered from the FAQ when a passage covers it. */
export const FAQ: MarketplaceTemplate = {
  id: "faq",
  name: "FAQ assistant",
  category: "Any business",
  description:
    "Answers your frequently asked questions word for word from the FAQ you give it, and hands over when no answer fits.",
  icon: "faq",
  channels: ["whatsapp", "sms", "rcs"],
  scope: "unassigned",
  persona: "A concise assistant that quotes the business's own answers and says so when it does not know.",
  prompt: "Answer only with the FAQ answers you are given. If none answers the question, say a team member will reply.",
  intents: [GREETING, THANKS, HUMAN],
  knowledge: [
    {
      title: "Frequently asked questions",
      faqs: [
        {
          question: "What are your opening hours?",
          answer:
            "We are open Monday to Saturday, 10:00 am to 7:00 pm. Messages sent outside these hours are answered the next working day.",
        },
        {
          question: "How can I contact support by email?",
          answer: "Write to support@example.com; we reply within one working day.",
        },
        {
          question: "Do you offer a warranty?",
          answer:
            "Every product comes with a 1-year manufacturer warranty. Keep your invoice: it is your warranty card.",
        },
        {
          question: "Can I change my registered mobile number?",
          answer:
            "Yes. Send a request from your registered email address with the new number; it is updated within 24 hours.",
        },
        {
          question: "Do you have a mobile app?",
          answer: "Yes, search for our name on the Google Play Store or the Apple App Store.",
        },
        {
          question: "Is my personal data safe?",
          answer: "We store your data in India, never sell it, and you can ask us to delete it at any time.",
        },
        {
          question: "Do you provide GST invoices?",
          answer: "Yes. Add your GSTIN at checkout and the invoice is emailed to you with the order.",
        },
      ],
    },
  ],
  business: {
    companyName: "Your Company",
    industry: "Retail",
    description: "Answers customers' common questions.",
    hours: "Mon–Sat 10:00–19:00",
    policies: "",
    tone: "Clear and concise",
    products: [],
  },
  sampleQuestions: ["What are your opening hours?", "Do you offer a warranty?", "Do you give GST invoices?"],
};
