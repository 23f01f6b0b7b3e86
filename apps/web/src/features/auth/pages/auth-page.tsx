import { useEffect, useRef, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { signedInAuthVisitor } from "@shepherd/shared/redirects";
import { LogoMark } from "@/components/ui/logo-mark";
import { Card } from "@/components/ui/card";
import { FullPageSpinner } from "@/components/ui/spinner";
import { TabPanel, Tabs } from "@/components/ui/tabs";
import { useDocumentTitle } from "@/lib/document-title";
import { readOnboardingFlag } from "@/lib/onboarding-flag";
import { useSession } from "@/lib/session";
import { ResetPasswordForm } from "../components/reset-password-form";
import { SignInForm } from "../components/sign-in-form";
import { SignUpForm } from "../components/sign-up-form";

type Tab = "signin" | "signup";

/** /auth: sign in or sign up, and where a password reset link lands. */
export function AuthPage() {
  const [params] = useSearchParams();
  const fromOnboarding = params.get("from") === "onboarding";
  const resetToken = params.get("token");
  const resetError = params.get("error");
  const [tab, setTab] = useState<Tab>(fromOnboarding ? "signup" : "signin");
  const session = useSession();
  const navigate = useNavigate();
  const acting = useRef(false);

  // Section 4: a signed-in visitor on /auth (not from onboarding) is sent on.
  useEffect(() => {
    if (acting.current || fromOnboarding || resetToken) return;
    if (session.data) navigate(signedInAuthVisitor(readOnboardingFlag()), { replace: true });
  }, [session.data, fromOnboarding, resetToken, navigate]);

  const title = resetToken ? "Choose a New Password" : tab === "signup" ? "Create Your Account" : "Welcome Back";
  useDocumentTitle(resetToken ? "Choose a New Password" : tab === "signup" ? "Sign Up" : "Sign In");

  if (session.isPending) return <FullPageSpinner />;

  return (
    <main className="mx-auto flex min-h-dvh w-full max-w-md flex-col justify-center px-4 py-10">
      <Link to="/" className="mb-6 flex items-center justify-center gap-3">
        <LogoMark className="h-12 w-12" />
        <span className="text-left">
          <span className="block font-serif text-2xl font-semibold text-pasture-900 dark:text-stone-50">Shepherd</span>
          <span className="block text-sm text-stone-600 dark:text-stone-400">Lead with love. Guide with grace.</span>
        </span>
      </Link>
      <Card className="space-y-5">
        <h1 className="text-center font-serif text-xl font-semibold">{title}</h1>
        {resetToken || resetError ? (
          <ResetPasswordForm token={resetToken} linkError={resetError} onDone={() => navigate("/auth", { replace: true })} />
        ) : (
          <>
            <Tabs
              idBase="auth"
              label="Sign in or sign up"
              value={tab}
              onChange={setTab}
              tabs={[
                { value: "signin", label: "Sign In" },
                { value: "signup", label: "Sign Up" },
              ]}
            />
            <TabPanel idBase="auth" value={tab}>
              {tab === "signin" ? <SignInForm acting={acting} /> : <SignUpForm acting={acting} />}
            </TabPanel>
          </>
        )}
      </Card>
      <p className="mt-6 text-center text-xs text-stone-600 dark:text-stone-400">
        By continuing you agree to our{" "}
        <Link className="underline" to="/terms">
          Terms
        </Link>{" "}
        and{" "}
        <Link className="underline" to="/privacy">
          Privacy Policy
        </Link>
        .
      </p>
    </main>
  );
}
