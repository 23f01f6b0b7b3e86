import { useEffect } from "react";

const APP_NAME = "Shepherd";

/** The tab's title while a page shows ("Basics: Create your plan · Shepherd"), back to the app's name when it goes. */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
    return () => {
      document.title = APP_NAME;
    };
  }, [title]);
}
