/**
 * The text of the Terms of Service (/terms) and the Privacy Policy (/privacy).
 * Plain strings only: the pages render each paragraph as a <p>. Keep this text true to what the
 * product does with data; when a feature changes how data is kept or shared, change this file too.
 */

export interface LegalSection {
  heading: string;
  paragraphs: string[];
}

export interface LegalDoc {
  title: string;
  updated: string;
  intro: string;
  sections: LegalSection[];
}

const UPDATED = "November 22, 2026";
/** The privacy policy changed alone: support requests, cancellation reasons, hidden content, named actions, A/B tests. */
const PRIVACY_UPDATED = "November 27, 2026";

/** Who runs this service, from GET /api/site; each part falls back to a plain description when not configured. */
export interface Operator {
  name: string | null;
  email: string | null;
  jurisdiction: string | null;
}

const NO_OPERATOR: Operator = { name: null, email: null, jurisdiction: null };

function operatorName(o: Operator): string {
  return o.name ?? "the people who run this Shepherd service";
}

function contactLine(o: Operator, topic: string): string {
  return o.email
    ? `${topic}: write to ${o.email}. We read every message.`
    : `${topic}: ask the people who run this Shepherd service. To report a post, comment or member, use Report beside it; administrators review every report.`;
}

export function termsOf(o: Operator = NO_OPERATOR): LegalDoc {
  return {
    title: "Terms of Service",
    updated: UPDATED,
    intro: `Shepherd is a place for men to grow in faith, love their families well and walk alongside other believers. These terms are the agreement between you and ${operatorName(o)} (we, us). We have tried to write them in plain words. Please read them; if something is unclear, ask us.`,
    sections: [
      {
        heading: "Agreeing to these terms",
        paragraphs: [
          "By creating an account or using Shepherd, you agree to these terms and to our Privacy Policy, which explains what we keep about you and why. If you do not agree, please do not use the service.",
          "Some features, such as Premium, have a few extra rules. They are set out below and form part of these terms.",
        ],
      },
      {
        heading: "Who may use Shepherd",
        paragraphs: [
          "You must be at least 18 years old to create an account. Shepherd is written for grown men, husbands and fathers, and its community is made up of adults.",
          "You are welcome to use what you find here with your family, for example by reading a devotional aloud at the table or praying through a passage with your children. But every account belongs to one adult, and children should not have accounts of their own. If we learn that someone under 18 has an account, we will close it.",
        ],
      },
      {
        heading: "Your account",
        paragraphs: [
          "Give a real email address you can receive mail at, and keep your password to yourself. You are responsible for what happens under your account, so choose a strong password and consider turning on two-factor sign-in in Settings.",
          "One account is for one person. Do not share it, sell it or sign in to someone else's.",
          "If you think someone else has used your account, change your password and sign out of your other sessions in Settings, then tell us.",
        ],
      },
      {
        heading: "Encouragement, not professional care",
        paragraphs: [
          "Shepherd offers devotional encouragement: Scripture, reflections, prayers, plans and messages meant to help you keep walking with God. It is not counselling, therapy, medical advice, legal or financial advice, or crisis care, and it does not replace your pastor, your doctor or a trained counsellor.",
          "Some of what you read here, such as devotionals, plan days and encouragement messages, is written by software, either from our curated library or by an AI model. It can be wrong or miss the mark. Weigh everything against Scripture and wise counsel.",
          "If you are thinking about harming yourself or someone else, please get help now. In the United States, call or text 988 to reach the 988 Suicide & Crisis Lifeline, any time, day or night. Elsewhere, call your local emergency number or a local crisis line. If you are in immediate danger, call emergency services.",
        ],
      },
      {
        heading: "How we treat each other",
        paragraphs: [
          "The Pasture and My Flock are for brotherhood. Speak to others as you would to a brother sitting across the table: honestly, kindly and with grace. Disagree without contempt.",
          "Do not harass, threaten, bully or demean anyone. Do not post hateful content that attacks people for who they are, sexual or pornographic content, graphic violence, or anything illegal. Do not post spam, advertising, scams or chain messages, and do not pretend to be someone else.",
          "Respect what others trust you with. What a brother shares in a flock or in the community is not yours to copy elsewhere, screenshot to mock, or use against him.",
        ],
      },
      {
        heading: "Reports, removal and suspension",
        paragraphs: [
          "If you see something that breaks these rules, report it. Our administrators review reports and decide what to do.",
          "We may remove any community content that breaks these terms or that we reasonably believe harms others or the service. We may warn, suspend or close an account that breaks these terms, especially for serious or repeated problems. Where we can, we will tell you what happened and why.",
        ],
      },
      {
        heading: "What you write belongs to you",
        paragraphs: [
          "You own the journal entries, check-ins, posts, reflections, comments and pictures you create on Shepherd. We do not claim them.",
          "So that the service can work, you give us permission to store your content, process it to provide the features you use, and show it to the people you share it with: the community for posts in The Pasture, and the members of your flock for reflections you share there. This permission ends when you delete the content or your account, except for copies others have already received through features like mentions or notifications.",
          "Only post what you have the right to share. Do not post other people's private information or work that is not yours to share.",
        ],
      },
      {
        heading: "Scripture and our content",
        paragraphs: [
          "The Bible text in Shepherd comes from public-domain translations: the World English Bible and the King James Version. You may use that text freely.",
          "The devotionals, plans, prompts and other material we provide are for your personal, non-commercial use. Please do not copy the service, scrape it, or try to break, overload or get around its security or its usage limits.",
        ],
      },
      {
        heading: "Premium and billing",
        paragraphs: [
          "Shepherd has a free version with monthly limits shown in the app, and a Premium subscription with no limits and a few extra features. Premium is billed monthly or annually, at the price shown on the subscription page before you pay.",
          "New Premium subscriptions may begin with a 14-day free trial. If you cancel before the trial ends, you will not be charged. Otherwise your subscription starts when the trial ends and renews automatically at the end of each month or year until you cancel.",
          "You can cancel any time from the subscription page. Cancelling stops the next renewal; you keep Premium until the end of the period you have already paid for. We do not give partial refunds for unused time, except where the law requires it. If you think you were charged in error, contact us.",
          "Payments are processed by Stripe. If we ever change the price, we will tell you in advance, and the new price will apply only from your next renewal.",
        ],
      },
      {
        heading: "Ending your use",
        paragraphs: [
          "You may stop using Shepherd at any time, and you can delete your account from Settings. Deleting it removes your data straight away, as the Privacy Policy describes. It does not cancel a Premium subscription for you, so cancel that first on the subscription page.",
          "We may suspend or close your account if you seriously or repeatedly break these terms, or if the law requires it. We may also change or stop parts of the service; if we ever shut Shepherd down, we will give reasonable notice so you can download your data first.",
        ],
      },
      {
        heading: "No promises beyond what we say",
        paragraphs: [
          "We work hard to keep Shepherd running well, but we provide it as it is and as it is available. We cannot promise that it will always be available, free of errors, or suited to every need, and we make no other promises about it beyond those written in these terms, as far as the law allows.",
        ],
      },
      {
        heading: "Limit of our responsibility",
        paragraphs: [
          "As far as the law allows, we are not responsible for indirect losses, such as lost profits, lost data you did not keep elsewhere, or harm caused by what other members post. Our total responsibility to you for any claim about the service is limited to the amount you paid us in the twelve months before the claim, or 50 US dollars if you paid nothing.",
          "Nothing in these terms limits responsibility that cannot be limited by law, such as responsibility for fraud, or takes away rights you have as a consumer where you live.",
        ],
      },
      {
        heading: "Changes and governing terms",
        paragraphs: [
          "We may update these terms as the service grows. The date at the top shows the latest version. When a change matters, we will tell you in the app or by email before it takes effect. If you keep using Shepherd after that, the new terms apply; if you do not agree, you can stop using it and delete your account.",
          `These terms are governed by the laws of ${o.jurisdiction ?? "the place where the operator of this service is established"}, without taking away any protection your local consumer laws give you. If one part of these terms cannot be enforced, the rest still applies. If we do not enforce a part straight away, we have not given it up.`,
        ],
      },
      {
        heading: "Contact",
        paragraphs: [contactLine(o, "Questions about these terms, a report, or a billing problem")],
      },
    ],
  };
}

export function privacyOf(o: Operator = NO_OPERATOR): LegalDoc {
  return {
    title: "Privacy Policy",
    updated: PRIVACY_UPDATED,
    intro:
      "Men share real things on Shepherd: struggles, prayers, what is happening at home. We take that trust seriously. This policy says, in plain words, what we keep, why we keep it, who can see it, and how you can take it with you or delete it. In short: your journal and check-ins are yours alone, we do not use trackers or advertising, and we never sell your data.",
    sections: [
      {
        heading: "Who we are and what this covers",
        paragraphs: [
          `This policy covers the Shepherd service you are using, run by ${o.name ?? "its operator"} (we, us). It applies to the website and app and to the emails we send you.`,
          "Shepherd is built so that the operator runs its own server and database. Your data is stored there, not with an outside database company. The outside services the operator may choose to use are listed below, with what each one receives.",
        ],
      },
      {
        heading: "Your account",
        paragraphs: [
          "When you sign up, we keep your email address, your display name and your password. Your password is never stored as you typed it: we keep only a salted hash, a one-way scramble that lets us check your password without being able to read it.",
          "During onboarding and in Settings you add a username, a profile picture if you want one, your focus themes (such as Marriage or Fatherhood) and the current topics you are carrying (such as Newly married or Pressure at work). We use these to shape your devotionals and plans.",
          "If you turn on two-factor sign-in, we also keep the secret your authenticator app uses to make codes, and your backup codes. We keep your account role (member or administrator) and whether you have finished onboarding.",
        ],
      },
      {
        heading: "Signing in and sessions",
        paragraphs: [
          "When you sign in, your browser receives a session cookie. It is marked httpOnly, so the page's scripts cannot read it. A session lasts 30 days and is extended while you keep using the app. It ends when you sign out, when you revoke it, or when you reset your password.",
          "For each session we record the IP address and the browser (user agent) it was started from, so you can see your active sessions in Settings and sign out of any you do not recognise. We also use IP addresses to limit repeated sign-in, sign-up and password-reset attempts, which protects your account from people guessing passwords.",
          "The app also keeps a few small settings in your browser's own storage, such as whether you have finished onboarding. These never leave your device.",
        ],
      },
      {
        heading: "Your private writing: journal and check-ins",
        paragraphs: [
          "Your journal entries and your daily spiritual check-ins (your mood, focus areas, notes and your 0-100 connection value) are private to you. No other member can see them, and no administrator screen shows them.",
          "They live in the service's database like the rest of your account; they are not separately encrypted. The people who operate the server could in principle read the database directly. We do not, and the app gives no one a way to.",
          "Your devotional progress, your plans, and the insights and encouragement messages written for you are private to you in the same way.",
        ],
      },
      {
        heading: "What you share with others",
        paragraphs: [
          "Posts and comments in The Pasture are seen by the Shepherd community, that is, other signed-in members. Reflections you share with a flock in My Flock are seen by the members of that flock. Think before sharing, as you would in any group.",
          "Other signed-in members can see your profile: your display name, username, picture and focus themes.",
          "When you mention someone with @username, they receive a notification containing what you wrote. When someone mentions you, you receive one too.",
          "If members report a post or comment, administrators may hide it: it then stays visible only to you and to them, and they may restore it.",
          "Gatherings (live video rooms) connect your browser to the other participants' browsers, or through a video service if the operator has set one up. Shepherd has no feature to record them.",
        ],
      },
      {
        heading: "AI-written content and care in hard moments",
        paragraphs: [
          "Devotionals, plan days, insights, encouragement messages (the Shepherd's Whispers) and devotional audio are written for you in one of two ways. By default, a composer running on our own server builds them from a curated library, and nothing leaves the server. If the operator configures it, an outside AI provider with an OpenAI-compatible service writes them instead, and a text-to-speech service may read devotionals aloud.",
          "When an outside AI provider is used, we send only the minimum the piece needs, such as your focus themes, a connection value, the title of the devotional you just read, or, when a message responds to a check-in, the notes you wrote with it. We never send your email address, password or payment details. The provider handles what it receives under its own terms, which is why we keep it to a minimum.",
          "If something you write in your journal or a check-in contains language of self-harm or suicide, it is never sent to an AI provider. Instead, the app answers with calm words and crisis resources. In the United States, you can call or text 988 to reach the 988 Suicide & Crisis Lifeline; elsewhere, contact your local emergency number or crisis line.",
          "To apply the free version's monthly limits, we count how many devotionals, insights, audio readings and other generations you use each month.",
        ],
      },
      {
        heading: "How we keep the app working and improve it",
        paragraphs: [
          "While you are signed in, we record which pages of the app you open and some named actions (finishing a devotional, saving a check-in or a journal entry, posting in The Pasture, listening to a devotional, opening a Premium checkout), with the time. When we try two versions of something (for example two wordings of the Premium invitation after you finish a devotional), we note which one you were shown, to compare them. When a free-plan limit or a Premium-only feature turns you away, we record that too, with the feature. We use these usage events only to understand what helps people and to improve Shepherd. They are never sold and never shared with advertisers.",
          "If the app crashes in your browser, it sends us an error report: the error message, the technical stack trace, the address of the page you were on and your browser type. These help us fix bugs and are visible to administrators on the service's health page. If the operator has set up Sentry, an error-monitoring service, the report is sent there instead.",
          "If you write to support from Settings, your messages and the administrators' replies are kept with your account, so you can read the whole conversation there; replies are also sent to you by email. If you cancel Premium and tell us why, we keep that reason with the cancellation.",
          "Administrators can see what they need to run the service, such as members' email addresses, display names, roles and subscription status, usage in summary, reported community content, support requests, reasons given for cancelling, and error reports. As said above, they cannot see your journal or check-ins.",
        ],
      },
      {
        heading: "Daily reminders and notifications",
        paragraphs: [
          "If you turn on the daily reminder in Settings, we keep its time, its days, whether it comes by notification, by email or both, and whether mentions are pushed to you. We note each date a reminder was sent, so you never get two in one day; it uses the time zone already in your profile.",
          "For each browser where you allow notifications, we keep the address its push service gave it (run by the browser's maker, such as Google, Mozilla or Apple), the keys that encrypt our messages to it, the browser type and when a push last reached it. The push service carries our messages to your device; they are encrypted so it cannot read them, and they hold no private words: a gentle reminder line, or the name of someone who mentioned you, never what anyone wrote. When you turn notifications off, or the push service says the browser no longer exists, we delete its address.",
        ],
      },
      {
        heading: "Email, payments and other services",
        paragraphs: [
          "We send you email only for password resets, a welcome message when you join and answers to your support requests, plus any emails you choose to receive, such as the daily reminder. Emails go out through the operator's mail server, and we keep a copy of each message sent to you until your account is deleted.",
          "Premium subscriptions are processed by Stripe when payments are enabled. You enter your card details on Stripe's page, so we never see or store your card number. We keep your plan, its status, your trial and renewal dates, and the Stripe references that link your subscription to your account. Stripe handles payment data under its own privacy policy.",
          "Profile pictures are kept in the operator's file storage: a folder on the server, or a cloud storage service the operator chooses. If an AI provider, a text-to-speech service, a video service or Sentry is configured, each receives only what is described in this policy.",
        ],
      },
      {
        heading: "What we never do",
        paragraphs: [
          "No third-party trackers. No advertising or advertising cookies. No analytics scripts from other companies. We do not sell your data, rent it, or trade it, to anyone, ever.",
          "The only cookies Shepherd sets are the ones needed to keep you signed in and to complete two-factor sign-in.",
        ],
      },
      {
        heading: "Your choices and rights",
        paragraphs: [
          "Download: in Settings you can download all your data as a JSON file at any time.",
          "Correct: you can change your name, username, picture, focus themes and topics whenever you like, and change or remove what you have written wherever the app offers it.",
          "Delete: you can delete your account from Settings. This immediately removes every row of your data from the database, including your journal, check-ins, posts, sessions and profile, along with the files you uploaded. Error reports from your browser are kept for fixing bugs, but no longer linked to you. If you have Premium, cancel it first on the subscription page.",
          "Depending on where you live, you may have further rights, such as asking what we hold about you or objecting to how we use it. Write to us and we will help.",
        ],
      },
      {
        heading: "How long we keep your data",
        paragraphs: [
          "We keep your account and what you have created for as long as your account exists, and delete it when you delete your account. Sessions end after 30 days without use. Records used to limit sign-in attempts hold an IP address, or your email address or account (wrong passwords and wrong two-step codes tried for your account, and the two-step codes that recently signed you in), with a count and the time of the last attempt. Signing in successfully clears the counts for your account, and deleting your account removes them all.",
          "Usage events are kept while your account exists, unless the operator removes older ones sooner. Error reports are kept until administrators clear them. When administrators act on an account (a ban, a change of role, a reply to support), the action is kept in an audit log with who did it and when; your data download lists the actions about you. When you delete your account, those entries no longer name you. If you are an administrator, the entries of what you did keep your email address after your account is deleted, so that the community can always see who did what.",
          "If the operator keeps backups of the database, deleted data can remain in those backups until they are replaced in the normal course, and is not used for anything else in the meantime.",
        ],
      },
      {
        heading: "Children",
        paragraphs: [
          "Shepherd is for adults 18 and older. Parents are welcome to use it with their families, for example by reading a devotional together, but accounts are for adults only. We do not knowingly keep data about children. If you believe a child has an account, tell us and we will delete it.",
        ],
      },
      {
        heading: "Keeping your data safe",
        paragraphs: [
          "When the service is served over HTTPS, everything between your browser and our server is encrypted in transit. Passwords are stored only as salted hashes, session cookies cannot be read by page scripts, sign-in attempts are rate limited, and you can protect your account further with two-factor sign-in and backup codes. By default the database accepts connections only from the server's own machine.",
          "No system is perfectly secure. If we learn of a breach that affects your data, we will tell you promptly and say what we are doing about it.",
        ],
      },
      {
        heading: "Changes and contact",
        paragraphs: [
          "If we change this policy, we will update the date at the top. If a change affects how your data is used in a meaningful way, we will tell you in the app or by email before it takes effect.",
          contactLine(o, "Questions, requests or concerns about your privacy"),
        ],
      },
    ],
  };
}
