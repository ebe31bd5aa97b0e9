import type { RcsCard, RcsSuggestion } from "../../../contract/domain/rcs";
import type { LibraryRcsContent, LibraryTemplate } from "../../../contract/domain/template-library";

// Ready-made templates, one or more per channel and industry. Images are Unsplash-style public URLs a carrier can
// fetch; SMS bodies use DLT variables ({#var#}), WhatsApp bodies numbered ones ({{1}}).

const reply = (text: string): RcsSuggestion => ({
  type: "reply",
  text,
  postbackData: text.toUpperCase().replace(/\W+/g, "_"),
});
const url = (text: string, href: string): RcsSuggestion => ({ type: "url", text, url: href });
const dial = (text: string, phoneNumber: string): RcsSuggestion => ({ type: "dial", text, phoneNumber });
const place = (text: string, query: string): RcsSuggestion => ({ type: "location", text, query });
const card = (
  cardTitle: string,
  cardDescription: string,
  mediaUrl: string,
  suggestions: RcsSuggestion[] = [],
): RcsCard => ({
  cardTitle,
  cardDescription,
  mediaUrl,
  suggestions,
});
const img = (id: string) => `https://images.unsplash.com/${id}?w=800&q=70`;

const base: Omit<LibraryRcsContent, "type"> = {
  textMessageContent: "",
  orientation: "VERTICAL",
  alignment: "LEFT",
  height: "MEDIUM",
  width: "MEDIUM",
  suggestions: [],
  standAlone: card("", "", ""),
  carouselList: [],
};
const text = (textMessageContent: string, suggestions: RcsSuggestion[] = []): LibraryRcsContent => ({
  ...base,
  type: "text",
  textMessageContent,
  suggestions,
});
const standalone = (c: RcsCard, over: Partial<LibraryRcsContent> = {}): LibraryRcsContent => ({
  ...base,
  type: "standalone",
  standAlone: c,
  ...over,
});
const carousel = (cards: RcsCard[], over: Partial<LibraryRcsContent> = {}): LibraryRcsContent => ({
  ...base,
  type: "carousel",
  carouselList: cards.map((c, i) => ({ ...c, order: i + 1 })),
  ...over,
});

export const LIBRARY: readonly LibraryTemplate[] = [
  // Retail
  {
    id: "retail-new-arrivals",
    channel: "rcs",
    industry: "retail",
    name: "New arrivals carousel",
    description: "Three products side by side, each with a buy link.",
    rcs: carousel(
      [
        card("Linen summer shirt", "Breathable, pre-washed linen. ₹1,499", img("photo-1596755094514-f87e34085b2c"), [
          url("Buy now", "https://shop.example.com/p/linen-shirt"),
          reply("More colours"),
        ]),
        card("Everyday sneakers", "Cushioned sole, all-day comfort. ₹2,299", img("photo-1542291026-7eec264c27ff"), [
          url("Buy now", "https://shop.example.com/p/sneakers"),
          reply("Size guide"),
        ]),
        card("Canvas tote", "Fits a laptop and lunch. ₹799", img("photo-1590874103328-eac38a683ce7"), [
          url("Buy now", "https://shop.example.com/p/tote"),
        ]),
      ],
      {
        height: "MEDIUM",
        width: "MEDIUM",
        suggestions: [url("Visit store", "https://shop.example.com"), reply("Talk to us")],
      },
    ),
  },
  {
    id: "retail-festive-sale",
    channel: "rcs",
    industry: "retail",
    name: "Festive sale card",
    description: "A single rich card announcing a sale, with a store locator.",
    rcs: standalone(
      card(
        "Festive Sale: up to 50% off",
        "This weekend only, online and in every store. Use code FEST50 at checkout.",
        img("photo-1607082348824-0a96f2a4b9da"),
        [url("Shop the sale", "https://shop.example.com/sale"), place("Find a store", "Acme Retail store near me")],
      ),
      { height: "TALL" },
    ),
  },
  {
    id: "retail-order-shipped-sms",
    channel: "sms",
    industry: "retail",
    name: "Order shipped (SMS)",
    description: "Transactional shipping update with a tracking link.",
    body: "Hi {#var#}, your order {#var#} has shipped and arrives by {#var#}. Track: {#var#} - Acme Retail",
  },
  {
    id: "retail-cart-whatsapp",
    channel: "whatsapp",
    industry: "retail",
    name: "Abandoned cart (WhatsApp)",
    description: "Marketing reminder for items left in the cart.",
    body: "Hi {{1}}, you left {{2}} in your cart. Complete your order today and get free delivery.",
  },
  // Banking
  {
    id: "banking-card-offers",
    channel: "rcs",
    industry: "banking",
    name: "Credit card offers",
    description: "A carousel of card offers with an apply link and a call-back option.",
    rcs: carousel(
      [
        card(
          "Cashback Card",
          "5% back on groceries and fuel. No annual fee in year one.",
          img("photo-1556742049-0cfed4f6a45d"),
          [url("Apply", "https://bank.example.com/cards/cashback"), dial("Call us", "+911800123456")],
        ),
        card("Travel Card", "Lounge access and 4 miles per ₹100 on flights.", img("photo-1436491865332-7a61a109cc05"), [
          url("Apply", "https://bank.example.com/cards/travel"),
        ]),
      ],
      { width: "MEDIUM", height: "SHORT" },
    ),
  },
  {
    id: "banking-emi-reminder",
    channel: "rcs",
    industry: "banking",
    name: "EMI reminder",
    description: "A text reminder with quick replies to pay or talk to an agent.",
    rcs: text("Dear customer, your loan EMI of ₹12,450 is due on 5 Dec. Pay now to avoid late charges.", [
      url("Pay now", "https://bank.example.com/pay"),
      reply("Already paid"),
      dial("Talk to an agent", "+911800123456"),
    ]),
  },
  {
    id: "banking-otp-sms",
    channel: "sms",
    industry: "banking",
    name: "One-time password (SMS)",
    description: "Service-implicit OTP message.",
    body: "{#var#} is your OTP for transaction of Rs {#var#} at {#var#}. Valid for 5 minutes. Do not share it with anyone. - Acme Bank",
  },
  {
    id: "banking-statement-whatsapp",
    channel: "whatsapp",
    industry: "banking",
    name: "Statement ready (WhatsApp)",
    description: "Utility notice that a statement is available.",
    body: "Hello {{1}}, your account statement for {{2}} is ready. Download it from the app or reply STATEMENT.",
  },
  // Travel
  {
    id: "travel-boarding-pass",
    channel: "rcs",
    industry: "travel",
    name: "Boarding pass",
    description: "Flight details on a card with check-in and a calendar entry.",
    rcs: standalone(
      card(
        "BOM → DEL · AI 864",
        "Boarding 06:15 · Gate 42 · Seat 14C. Have a pleasant flight!",
        img("photo-1436491865332-7a61a109cc05"),
        [
          url("Check in", "https://air.example.com/checkin"),
          {
            type: "calendar",
            text: "Add to calendar",
            title: "Flight AI 864 BOM → DEL",
            startTime: "2026-12-20T06:45:00+05:30",
            endTime: "2026-12-20T09:00:00+05:30",
          },
        ],
      ),
    ),
  },
  {
    id: "travel-weekend-getaways",
    channel: "rcs",
    industry: "travel",
    name: "Weekend getaways",
    description: "Destinations in a carousel of small cards.",
    rcs: carousel(
      [
        card("Goa", "3 nights from ₹9,999", img("photo-1512343879784-a960bf40e7f2"), [
          url("Book", "https://trips.example.com/goa"),
        ]),
        card("Jaipur", "2 nights from ₹6,499", img("photo-1477587458883-47145ed94245"), [
          url("Book", "https://trips.example.com/jaipur"),
        ]),
        card("Munnar", "3 nights from ₹8,299", img("photo-1593693397690-362cb9666fc2"), [
          url("Book", "https://trips.example.com/munnar"),
        ]),
        card("Rishikesh", "2 nights from ₹5,999", img("photo-1600100397608-f010f41cb8b7"), [
          url("Book", "https://trips.example.com/rishikesh"),
        ]),
      ],
      { width: "SMALL", height: "MEDIUM", suggestions: [reply("Show more")] },
    ),
  },
  {
    id: "travel-pnr-sms",
    channel: "sms",
    industry: "travel",
    name: "Booking confirmed (SMS)",
    description: "PNR confirmation.",
    body: "Booking confirmed. PNR {#var#}, {#var#} on {#var#}. Web check-in opens 48 hrs before departure. - Acme Travels",
  },
  {
    id: "travel-gate-whatsapp",
    channel: "whatsapp",
    industry: "travel",
    name: "Gate change (WhatsApp)",
    description: "Utility alert about a gate change.",
    body: "Flight {{1}}: your boarding gate has changed to {{2}}. Boarding starts at {{3}}.",
  },
  // Healthcare
  {
    id: "healthcare-appointment",
    channel: "rcs",
    industry: "healthcare",
    name: "Appointment reminder",
    description: "A horizontal card with the doctor, confirm and reschedule replies.",
    rcs: standalone(
      card(
        "Dr. Kavita Rao · Cardiology",
        "Tomorrow, 10:30 AM at Acme Hospital, Block B, 2nd floor.",
        img("photo-1537368910025-700350fe46c7"),
        [reply("Confirm"), reply("Reschedule"), place("Directions", "Acme Hospital Block B")],
      ),
      { orientation: "HORIZONTAL", alignment: "LEFT" },
    ),
  },
  {
    id: "healthcare-lab-report",
    channel: "rcs",
    industry: "healthcare",
    name: "Lab report ready",
    description: "Text with a download link and a call to the lab.",
    rcs: text("Your lab report (sample #LB-20931) is ready. Download it securely or call the lab with questions.", [
      url("Download report", "https://health.example.com/reports"),
      dial("Call the lab", "+912233445566"),
    ]),
  },
  {
    id: "healthcare-reminder-sms",
    channel: "sms",
    industry: "healthcare",
    name: "Medicine refill (SMS)",
    description: "Refill reminder.",
    body: "Dear {#var#}, your prescription for {#var#} is due for refill on {#var#}. Reply REFILL or call {#var#}. - Acme Pharmacy",
  },
  {
    id: "healthcare-appointment-whatsapp",
    channel: "whatsapp",
    industry: "healthcare",
    name: "Appointment booked (WhatsApp)",
    description: "Appointment confirmation.",
    body: "Hi {{1}}, your appointment with {{2}} is booked for {{3}}. Please arrive 15 minutes early.",
  },
  // Education
  {
    id: "education-courses",
    channel: "rcs",
    industry: "education",
    name: "Course catalogue",
    description: "Courses in a carousel with enrol links.",
    rcs: carousel(
      [
        card(
          "Data Science Bootcamp",
          "12 weeks · live mentors · placement support",
          img("photo-1551288049-bebda4e38f71"),
          [url("Enrol", "https://learn.example.com/ds"), reply("Syllabus")],
        ),
        card("UI/UX Design", "8 weeks · portfolio projects", img("photo-1561070791-2526d30994b5"), [
          url("Enrol", "https://learn.example.com/ux"),
          reply("Syllabus"),
        ]),
        card("Spoken English", "6 weeks · weekend batches", img("photo-1503676260728-1c00da094a0b"), [
          url("Enrol", "https://learn.example.com/english"),
        ]),
      ],
      { height: "SHORT" },
    ),
  },
  {
    id: "education-fee-sms",
    channel: "sms",
    industry: "education",
    name: "Fee due (SMS)",
    description: "Fee reminder to parents.",
    body: "Dear parent, the term fee of Rs {#var#} for {#var#} is due on {#var#}. Pay online: {#var#} - Acme School",
  },
  {
    id: "education-results-whatsapp",
    channel: "whatsapp",
    industry: "education",
    name: "Results published (WhatsApp)",
    description: "Exam results notice.",
    body: "Hello {{1}}, results for {{2}} are now published. View your scorecard in the student portal.",
  },
  // Logistics
  {
    id: "logistics-out-for-delivery",
    channel: "rcs",
    industry: "logistics",
    name: "Out for delivery",
    description: "A card with the courier, tracking and reschedule options.",
    rcs: standalone(
      card(
        "Your parcel is out for delivery",
        "Shipment AWB 7788123 arrives today between 2 and 5 PM.",
        img("photo-1566576721346-d4a3b4eaeb55"),
        [
          url("Track live", "https://ship.example.com/t/7788123"),
          reply("Reschedule"),
          dial("Call courier", "+919876543210"),
        ],
      ),
      { height: "SHORT" },
    ),
  },
  {
    id: "logistics-pickup",
    channel: "rcs",
    industry: "logistics",
    name: "Pickup scheduled",
    description: "Text confirming a pickup slot.",
    rcs: text("Pickup scheduled for tomorrow, 11 AM to 1 PM. Keep the package sealed and the label visible.", [
      reply("Change slot"),
      reply("Cancel pickup"),
    ]),
  },
  {
    id: "logistics-delivered-sms",
    channel: "sms",
    industry: "logistics",
    name: "Delivered (SMS)",
    description: "Proof of delivery.",
    body: "Your shipment {#var#} was delivered on {#var#} and received by {#var#}. - Acme Logistics",
  },
  {
    id: "logistics-delay-whatsapp",
    channel: "whatsapp",
    industry: "logistics",
    name: "Delivery delayed (WhatsApp)",
    description: "Utility notice of a delay.",
    body: "Hi {{1}}, your shipment {{2}} is delayed due to {{3}}. New delivery date: {{4}}.",
  },
];
