/**
 * An exam lesson's quiz. Placeholder: the quiz module brings the real component (questions,
 * attempts, review) with these very props.
 */
export interface QuizLessonProps {
  lessonId: number;
  /** Called once the learner passes (the lesson is then completed on the server). */
  onPassed: () => void;
}

export function QuizLesson({ lessonId }: QuizLessonProps) {
  return (
    <p
      className="rounded-xl border border-dashed border-slate-700 px-4 py-6 text-center text-slate-300"
      data-lesson={lessonId}
    >
      Bài kiểm tra sẽ sớm có tại đây.
    </p>
  );
}
