import { PageHeading } from "@/components/ui/page";
import { FullPageSpinner } from "@/components/ui/spinner";
import { useMe } from "@/lib/session";
import { AppearanceSection } from "../components/appearance-section";
import { DataSection } from "../components/data-section";
import { DeleteSection } from "../components/delete-section";
import { InstallSection } from "../components/install-section";
import { GrowthSection } from "../components/growth-section";
import { LookBackSection } from "../components/look-back-section";
import { PasswordSection } from "../components/password-section";
import { PlanSection } from "../components/plan-section";
import { PrivacySection } from "../components/privacy-section";
import { ProfileSection } from "../components/profile-section";
import { ReminderSection } from "../components/reminder-section";
import { SessionsSection } from "../components/sessions-section";
import { SignOutSection } from "../components/sign-out-section";
import { SupportSection } from "../components/support-section";
import { TwoFactorSection } from "../components/two-factor-section";

/** /settings: his profile and growth, his account's security, his data, and signing out, one section each. */
export function SettingsPage() {
  const me = useMe();
  if (!me.data) return <FullPageSpinner />;
  return (
    <div className="space-y-5">
      <PageHeading title="Settings" description="Your profile, your account's security, and your data." />
      <ProfileSection me={me.data} />
      <GrowthSection profile={me.data.profile} />
      <LookBackSection />
      <ReminderSection />
      <PrivacySection shareStreak={me.data.profile.share_streak} />
      <AppearanceSection />
      <InstallSection />
      <PlanSection />
      <PasswordSection />
      <TwoFactorSection enabled={me.data.user.twoFactorEnabled} />
      <SessionsSection />
      <SupportSection />
      <DataSection />
      <SignOutSection email={me.data.user.email} />
      <DeleteSection />
    </div>
  );
}
