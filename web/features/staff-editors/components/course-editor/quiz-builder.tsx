// The quizzes of a course: each with its title and pass mark, its questions (single or multiple
// answers, in order), their options with the correct ones ticked, and why the right answer is right.
// A question the save would refuse (no correct option; a single-answer one with more than one) says
// so at the question, in words, and the editor does not save until it is put right.
import { useContext, useId } from 'react';
import { TEXT_MAX, type QuestionProblem } from '../../../../../contract/document-fields';
import { useTranslation } from '../../../../i18n/react';
import {
  moveItem,
  newOption,
  newQuestion,
  newQuiz,
  updateWhere,
  type DraftQuestion,
  type DraftQuiz,
} from './course-draft';
import {
  Confirm,
  ContentLanguage,
  NumberField,
  TextField,
  TextOnly,
} from '../../../../staff-shared/components/document-editor/fields';
import type { Edit } from './outline';
import { SortableList } from '../../../../staff-shared/components/document-editor/sortable-list';

export function QuizzesEditor({
  quizzes,
  problems,
  edit,
}: {
  quizzes: DraftQuiz[];
  problems: Map<string, QuestionProblem[]>;
  edit: Edit;
}) {
  const { t } = useTranslation('staff');
  const textOnly = useContext(TextOnly);
  const confirm = useContext(Confirm);
  const name = (quiz: DraftQuiz, index: number) =>
    t('editor.quizName', { number: index + 1, title: quiz.title || t('editor.untitled') });
  const setQuiz = (uid: string, change: (quiz: DraftQuiz) => DraftQuiz) =>
    edit((d) => ({ ...d, quizzes: updateWhere(d.quizzes, uid, change) }));
  return (
    <section className="staff-card" aria-labelledby="ce-quizzes">
      <h2 id="ce-quizzes">{t('editor.quizzes')}</h2>
      {quizzes.length === 0 && <p className="staff-muted">{t('editor.noQuizzes')}</p>}
      <SortableList
        items={quizzes}
        label={t('editor.quizzes')}
        itemName={name}
        fixed={textOnly}
        onMove={(from, to) => edit((d) => ({ ...d, quizzes: moveItem(d.quizzes, from, to) }))}
        onRemove={(index) => {
          const quiz = quizzes[index]!;
          confirm({
            title: t('editor.removeTitle', { name: name(quiz, index) }),
            text: t('editor.removeQuizText', { count: quiz.questions.length }),
            action: t('editor.removeAction'),
            run: () => edit((d) => ({ ...d, quizzes: d.quizzes.filter((q) => q.uid !== quiz.uid) })),
          });
        }}
      >
        {(quiz, index) => (
          <div className="ce-quiz" role="group" aria-label={name(quiz, index)}>
            <div className="staff-row">
              <TextField
                label={t('editor.quizTitle', { number: index + 1 })}
                value={quiz.title}
                maxLength={TEXT_MAX.quiz.title}
                onChange={(title) => setQuiz(quiz.uid, (q) => ({ ...q, title }))}
              />
              <NumberField
                label={t('editor.passingCriteria')}
                hint={t('editor.passingHint')}
                value={quiz.passingCriteria}
                min={0}
                max={100}
                onChange={(passingCriteria) => setQuiz(quiz.uid, (q) => ({ ...q, passingCriteria }))}
              />
            </div>
            <h3 className="ce-subhead">{t('editor.questionsOf', { number: index + 1 })}</h3>
            <SortableList
              items={quiz.questions}
              className="ce-list--nested"
              label={t('editor.questionsOf', { number: index + 1 })}
              itemName={(question, qi) =>
                t('editor.questionName', { number: qi + 1, text: question.content || t('editor.untitled') })
              }
              fixed={textOnly}
              onMove={(from, to) => setQuiz(quiz.uid, (q) => ({ ...q, questions: moveItem(q.questions, from, to) }))}
              onRemove={(qi) => {
                const question = quiz.questions[qi]!;
                confirm({
                  title: t('editor.removeTitle', {
                    name: t('editor.questionName', { number: qi + 1, text: question.content || t('editor.untitled') }),
                  }),
                  text: t('editor.removeText'),
                  action: t('editor.removeAction'),
                  run: () =>
                    setQuiz(quiz.uid, (q) => ({ ...q, questions: q.questions.filter((x) => x.uid !== question.uid) })),
                });
              }}
            >
              {(question, qi) => (
                <QuestionEditor
                  question={question}
                  number={qi + 1}
                  problems={problems.get(question.uid) ?? []}
                  onChange={(change) =>
                    setQuiz(quiz.uid, (q) => ({ ...q, questions: updateWhere(q.questions, question.uid, change) }))
                  }
                />
              )}
            </SortableList>
            {!textOnly && (
              <button
                type="button"
                className="btn btn--ghost ce-add"
                onClick={() => setQuiz(quiz.uid, (q) => ({ ...q, questions: [...q.questions, newQuestion()] }))}
              >
                {t('editor.addQuestion', { number: index + 1 })}
              </button>
            )}
          </div>
        )}
      </SortableList>
      {!textOnly && (
        <button
          type="button"
          className="btn btn--ghost ce-add"
          onClick={() => edit((d) => ({ ...d, quizzes: [...d.quizzes, newQuiz()] }))}
        >
          {t('editor.addQuiz')}
        </button>
      )}
    </section>
  );
}

function QuestionEditor({
  question,
  number,
  problems,
  onChange,
}: {
  question: DraftQuestion;
  number: number;
  problems: QuestionProblem[];
  onChange: (change: (question: DraftQuestion) => DraftQuestion) => void;
}) {
  const { t } = useTranslation('staff');
  const textOnly = useContext(TextOnly);
  const lang = useContext(ContentLanguage);
  const problemId = useId();
  const typeId = useId();
  const name = t('editor.questionName', { number, text: question.content || t('editor.untitled') });
  const setOption = (uid: string, change: Partial<DraftQuestion['options'][number]>) =>
    onChange((q) => ({ ...q, options: updateWhere(q.options, uid, (o) => ({ ...o, ...change })) }));
  return (
    <div
      className={problems.length ? 'ce-question ce-question--problem' : 'ce-question'}
      role="group"
      aria-label={name}
      aria-describedby={problems.length ? problemId : undefined}
    >
      <div className="staff-row">
        <TextField
          label={t('editor.questionText', { number })}
          value={question.content}
          maxLength={TEXT_MAX.question.content}
          multiline
          onChange={(content) => onChange((q) => ({ ...q, content }))}
        />
        <div className="staff-field ce-field">
          <label htmlFor={typeId}>{t('editor.questionType')}</label>
          <select
            id={typeId}
            value={question.type}
            disabled={textOnly}
            onChange={(event) => onChange((q) => ({ ...q, type: event.target.value === 'multi' ? 'multi' : 'single' }))}
          >
            <option value="single">{t('editor.single')}</option>
            <option value="multi">{t('editor.multi')}</option>
          </select>
        </div>
      </div>
      <fieldset className="ce-options">
        <legend>{question.type === 'single' ? t('editor.optionsSingle') : t('editor.optionsMulti')}</legend>
        {/* Said where the correct answers are ticked. */}
        {problems.length > 0 && (
          <div className="staff-error ce-problem" id={problemId}>
            {problems.map((problem) => (
              <p key={problem}>{t(`editor.problems.${problem}`)}</p>
            ))}
          </div>
        )}
        <SortableList
          items={question.options}
          className="ce-list--options"
          label={t('editor.optionsOf', { number })}
          itemName={(option, oi) =>
            t('editor.optionName', { number: oi + 1, text: option.content || t('editor.untitled') })
          }
          fixed={textOnly}
          onMove={(from, to) => onChange((q) => ({ ...q, options: moveItem(q.options, from, to) }))}
          onRemove={(oi) => onChange((q) => ({ ...q, options: q.options.filter((_, i) => i !== oi) }))}
        >
          {(option, oi) => (
            <div className="ce-option">
              <label className="ce-option-text">
                <span className="visually-hidden">{t('editor.optionText', { number: oi + 1 })}</span>
                <input
                  type="text"
                  lang={lang}
                  value={option.content}
                  maxLength={TEXT_MAX.option.content}
                  placeholder={t('editor.optionText', { number: oi + 1 })}
                  onChange={(event) => setOption(option.uid, { content: event.target.value })}
                />
              </label>
              <label className="staff-check ce-correct">
                <input
                  type="checkbox"
                  checked={option.correct}
                  disabled={textOnly}
                  onChange={(event) => setOption(option.uid, { correct: event.target.checked })}
                />
                {t('editor.correct')}
                <span className="visually-hidden">
                  {' '}
                  ({t('editor.optionName', { number: oi + 1, text: option.content || t('editor.untitled') })})
                </span>
              </label>
            </div>
          )}
        </SortableList>
        {!textOnly && (
          <button
            type="button"
            className="btn btn--ghost ce-add"
            onClick={() => onChange((q) => ({ ...q, options: [...q.options, newOption()] }))}
          >
            {t('editor.addOption')}
          </button>
        )}
      </fieldset>
      <TextField
        label={t('editor.explanation')}
        hint={t('editor.explanationHint')}
        value={question.explanation ?? ''}
        maxLength={TEXT_MAX.question.explanation}
        multiline
        onChange={(explanation) => onChange((q) => ({ ...q, explanation: explanation === '' ? null : explanation }))}
      />
    </div>
  );
}
