// Meta's Embedded Signup in the browser: load the Facebook JavaScript SDK (only when the server has a Facebook app
// configured), open the WhatsApp signup flow with the app's login configuration, and collect what it hands back:
// a code (for the server to exchange for the business's token) and, from the session-info message the popup posts,
// the WABA and phone number the business chose.

interface FacebookLoginResponse {
  authResponse?: { code?: string } | null;
  status?: string;
}

interface FacebookSdk {
  init(options: { appId: string; autoLogAppEvents: boolean; xfbml: boolean; version: string }): void;
  login(callback: (response: FacebookLoginResponse) => void, options: Record<string, unknown>): void;
}

declare global {
  interface Window {
    FB?: FacebookSdk;
    fbAsyncInit?: () => void;
  }
}

export interface EmbeddedSignupSettings {
  appId: string;
  configId: string | null;
  graphVersion: string;
}

export interface EmbeddedSignupResult {
  code: string;
  waba_id?: string;
  phone_number_id?: string;
}

let sdk: Promise<FacebookSdk> | undefined;

function loadSdk(settings: EmbeddedSignupSettings): Promise<FacebookSdk> {
  sdk ??= new Promise<FacebookSdk>((resolve, reject) => {
    window.fbAsyncInit = () => {
      if (!window.FB) return reject(new Error("The Facebook SDK did not start"));
      window.FB.init({ appId: settings.appId, autoLogAppEvents: true, xfbml: false, version: settings.graphVersion });
      resolve(window.FB);
    };
    const script = document.createElement("script");
    script.src = "https://connect.facebook.net/en_US/sdk.js";
    script.async = true;
    script.crossOrigin = "anonymous";
    script.onerror = () => {
      sdk = undefined;
      reject(new Error("Facebook could not be reached: check the connection, or connect by hand below"));
    };
    document.body.appendChild(script);
  });
  return sdk;
}

/** Runs the flow; resolves with the code and the chosen WABA and number, rejects when the business stops. */
export async function runEmbeddedSignup(settings: EmbeddedSignupSettings): Promise<EmbeddedSignupResult> {
  const fb = await loadSdk(settings);
  let session: { waba_id?: string; phone_number_id?: string } = {};
  const onMessage = (event: MessageEvent) => {
    if (!/(^|\.)facebook\.com$/.test(new URL(event.origin).hostname)) return;
    try {
      const data = (typeof event.data === "string" ? JSON.parse(event.data) : event.data) as {
        type?: string;
        event?: string;
        data?: { waba_id?: string; phone_number_id?: string };
      };
      if (data.type === "WA_EMBEDDED_SIGNUP" && data.event?.startsWith("FINISH")) session = data.data ?? {};
    } catch {
      // Other messages of the SDK are not ours to read.
    }
  };
  window.addEventListener("message", onMessage);
  try {
    const response = await new Promise<FacebookLoginResponse>((resolve) =>
      fb.login(resolve, {
        ...(settings.configId ? { config_id: settings.configId } : {}),
        response_type: "code",
        override_default_response_type: true,
        extras: { setup: {}, featureType: "", sessionInfoVersion: "3" },
      }),
    );
    const code = response.authResponse?.code;
    if (!code) throw new Error("The signup was closed before it finished");
    return {
      code,
      ...(session.waba_id ? { waba_id: session.waba_id } : {}),
      ...(session.phone_number_id ? { phone_number_id: session.phone_number_id } : {}),
    };
  } finally {
    window.removeEventListener("message", onMessage);
  }
}
