import { describe, expect, it } from "vitest";
import {
  clampDisplayName,
  displayNameError,
  emailError,
  isValidEmail,
  passwordScore,
  passwordStrength,
  signInErrorMessage,
  signUpDisabled,
  signUpErrorMessage,
  strengthLabel,
} from "./auth-rules";

describe("password strength (spec section 5)", () => {
  it.each([
    ["", 0],
    ["abc", 15],
    ["abcdefgh", 40],
    ["abcdefghijkl", 55],
    ["Abcdefgh", 55],
    ["Abcdefg1", 70],
    ["Abcdefg1!", 85],
    ["Abcdefghijk1!", 100],
    ["12345678", 40],
    ["!!!!!!!!", 40],
  ])("scores %j as %i", (password, score) => {
    expect(passwordScore(password)).toBe(score);
  });

  it("labels scores at the thresholds 30, 60 and 80", () => {
    expect(strengthLabel(0)).toBe("Weak");
    expect(strengthLabel(29)).toBe("Weak");
    expect(strengthLabel(30)).toBe("Fair");
    expect(strengthLabel(59)).toBe("Fair");
    expect(strengthLabel(60)).toBe("Good");
    expect(strengthLabel(79)).toBe("Good");
    expect(strengthLabel(80)).toBe("Strong");
    expect(strengthLabel(100)).toBe("Strong");
  });

  it("shows the hint only under 8 characters", () => {
    expect(passwordStrength("1234567").hint).toBe("Use at least 8 characters for better security");
    expect(passwordStrength("12345678").hint).toBeNull();
  });
});

describe("display name", () => {
  it("needs 2 to 50 characters", () => {
    expect(displayNameError("J")).toBe("Name must be at least 2 characters");
    expect(displayNameError("  J  ")).toBe("Name must be at least 2 characters");
    expect(displayNameError("Jo")).toBeNull();
    expect(displayNameError("x".repeat(50))).toBeNull();
    expect(displayNameError("x".repeat(51))).toBe("Name must be 50 characters or less");
  });

  it("cuts input at 50", () => {
    expect(clampDisplayName("x".repeat(60))).toHaveLength(50);
    expect(clampDisplayName("short")).toBe("short");
  });
});

describe("email", () => {
  it.each(["a@b.co", "first.last+tag@example.org"])("accepts %s", (email) => expect(isValidEmail(email)).toBe(true));
  it.each(["", "plain", "a@b", "a @b.co", "a@b .co", "@b.co", "a@.co"])("refuses %j", (email) => {
    expect(emailError(email)).toBe("Please enter a valid email address");
  });
});

describe("sign-up button", () => {
  it("is disabled while submitting, while an error shows, or while the password is under 8", () => {
    expect(signUpDisabled({ submitting: false, hasError: false, password: "12345678" })).toBe(false);
    expect(signUpDisabled({ submitting: true, hasError: false, password: "12345678" })).toBe(true);
    expect(signUpDisabled({ submitting: false, hasError: true, password: "12345678" })).toBe(true);
    expect(signUpDisabled({ submitting: false, hasError: false, password: "1234567" })).toBe(true);
  });
});

describe("error catalogue (spec section 8)", () => {
  it("maps sign-up failures", () => {
    expect(signUpErrorMessage("User already registered")).toBe("This email is already registered. Please sign in instead.");
    expect(signUpErrorMessage("Password too short")).toBe(
      "Password must be at least 8 characters and contain a mix of letters and numbers.",
    );
    expect(signUpErrorMessage("Invalid email")).toBe("Please enter a valid email address.");
    expect(signUpErrorMessage("Too many requests")).toBe("Too many requests");
  });

  it("maps sign-in failures", () => {
    expect(signInErrorMessage("Invalid login credentials")).toBe("Invalid email or password. Please try again.");
    expect(signInErrorMessage("Email not confirmed")).toBe("Please verify your email address before signing in.");
    expect(signInErrorMessage("Too many requests. Please try again later.")).toBe("Too many requests. Please try again later.");
  });
});
