// Which options of the sample course's quizzes are right, by position, from the content files the
// server imported (the browser never learns them).
import fs from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

interface ContentQuiz {
  title: string;
  questions: Array<{ options: Array<{ correct?: boolean }> }>;
}

export function correctOptions(lang: string): Map<string, number[][]> {
  const file = path.resolve(import.meta.dirname, '../../sample-content/courses/money-basics', `${lang}.yaml`);
  const course = parse(fs.readFileSync(file, 'utf8')) as { quizzes: ContentQuiz[] };
  return new Map(
    course.quizzes.map((quiz) => [
      quiz.title,
      quiz.questions.map((q) => q.options.flatMap((o, i) => (o.correct ? [i] : []))),
    ]),
  );
}
