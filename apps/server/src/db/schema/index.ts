export * from "./auth";
export * from "./profiles";
export * from "./notifications";
export * from "./subscriptions";
export * from "./today";
export * from "./community";
export * from "./word";
export * from "./path";
