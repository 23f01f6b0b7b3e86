export * from "./constants";
export * from "./themes";
export * from "./auth-rules";
export * from "./redirects";
export * from "./api";
export * from "./subscription";
export * from "./notifications";
export * from "./time";
