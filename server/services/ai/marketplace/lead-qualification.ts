import { GREETING, HUMAN, THANKS } from "./shared-intents";
import type { MarketplaceTemplate } from "./types";

export const LEAD_QUALIFICATION: MarketplaceTemplate = {
  id: "lead-qualification",
  name: "Lead qualification",
  category: "B2B sales",
  description:
    "Answers questions about your product, pricing and trials, asks prospects for their team size and timeline, and passes qualified leads to sales.",
  icon: "lead",
  channels: ["whatsapp", "rcs"],
  scope: "unassigned",
  persona: "A helpful sales assistant. Curious about the prospect's needs, never pushy, never quotes a discount.",
  prompt:
    "You answer prospects of a software company. Answer from the passages only. When a prospect is interested, ask for their company, team size and timeline so sales can follow up.",
  intents: [
    GREETING,
    THANKS,
    HUMAN,
    {
      name: "pricing",
      description: "Plans and prices",
      action: "knowledge",
      response: "",
      examples: [
        "how much does it cost",
        "what are your plans",
        "pricing for 20 users",
        "is there a monthly plan",
        "do you charge per user",
        "enterprise pricing",
        "send me the price list",
        "annual discount?",
        "what does the pro plan include",
        "cost per seat",
      ],
    },
    {
      name: "demo_request",
      description: "Wants a demo or a call",
      action: "template",
      response:
        "Happy to set up a demo! Please share your company name, your team size and when you'd like to see it, and our sales team will confirm a time.",
      examples: [
        "can I get a demo",
        "book a demo",
        "I'd like to see the product",
        "schedule a walkthrough",
        "can someone show me how it works",
        "product demo next week",
        "live demo please",
        "I want a presentation for my team",
        "set up a call with sales",
      ],
    },
    {
      name: "free_trial",
      description: "Trial questions",
      action: "knowledge",
      response: "",
      examples: [
        "do you have a free trial",
        "can I try it for free",
        "how long is the trial",
        "trial without credit card?",
        "start a trial",
        "is there a free plan",
        "test it before buying",
      ],
    },
    {
      name: "integrations",
      description: "What it connects to",
      action: "knowledge",
      response: "",
      examples: [
        "does it integrate with Salesforce",
        "do you have an API",
        "can I connect it to Zoho",
        "integration with Shopify",
        "webhooks supported?",
        "does it work with Google Sheets",
        "which CRMs do you support",
      ],
    },
    {
      name: "share_details",
      description: "The prospect gives their company, team size or timeline: a qualified lead for sales",
      action: "handoff",
      response: "",
      examples: [
        "we are a team of 50 people",
        "my company is Acme Pvt Ltd",
        "we want to start next month",
        "around 200 employees",
        "our budget is 2 lakh per year",
        "we need it for our support team of 15",
        "we plan to go live this quarter",
        "I'm the CTO of a fintech startup",
      ],
    },
  ],
  knowledge: [
    {
      title: "Plans and pricing",
      intent: "pricing",
      content:
        "Starter costs ₹499 per user per month (billed monthly) for up to 10 users. Pro costs ₹999 per user per month with automation and reports. Enterprise pricing is custom for teams above 100 users and includes a dedicated success manager. Annual billing saves 15%.",
    },
    {
      title: "Free trial",
      intent: "free_trial",
      content:
        "Every plan has a 14-day free trial with all Pro features. No credit card is needed to start, and your data is kept if you upgrade.",
    },
    {
      title: "Integrations",
      intent: "integrations",
      content:
        "We integrate with Salesforce, HubSpot, Zoho CRM, Shopify and Google Sheets, and offer a REST API with webhooks for everything else. Integrations are included in Pro and Enterprise.",
    },
  ],
  business: {
    companyName: "Your Company",
    industry: "Software",
    description: "A customer-engagement platform for growing teams.",
    hours: "Mon–Fri 9:30–18:30",
    policies: "",
    tone: "Helpful and professional",
    products: ["Starter", "Pro", "Enterprise"],
  },
  sampleQuestions: ["How much does it cost?", "Do you have a free trial?", "Can I get a demo?", "We are a team of 40"],
};
