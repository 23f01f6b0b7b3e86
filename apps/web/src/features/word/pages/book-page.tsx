import { Link, useParams } from "react-router";
import { bookBySlug } from "@shepherd/shared/word";
import { Card } from "@/components/ui/card";
import { PageHeading } from "@/components/ui/page";
import { useDocumentTitle } from "@/lib/document-title";
import { useReaderSettings } from "../api/get-reader-settings";
import { ChapterGrid } from "../components/book-picker";

/** `/word/:book`: the book's chapters. */
export function BookPage() {
  const params = useParams();
  const book = bookBySlug(params.book ?? "");
  const settings = useReaderSettings();
  useDocumentTitle(book ? `${book.name} · The Word` : "Book not found · The Word");
  if (!book) {
    return (
      <Card className="space-y-3">
        <h1 className="font-serif text-xl font-semibold">We couldn't find that book</h1>
        <Link to="/word" className="font-medium text-pasture-700 underline dark:text-gold-300">
          Choose a book
        </Link>
      </Card>
    );
  }
  const current = settings.data?.last_book === book.osis ? settings.data.last_chapter : null;
  return (
    <div className="space-y-4">
      <Link to="/word" className="text-sm font-medium text-pasture-700 hover:underline dark:text-gold-300">
        All books
      </Link>
      <PageHeading title={book.name} description={`${book.chapters} chapters. Choose one to read.`} />
      <ChapterGrid book={book} current={current} />
    </div>
  );
}
